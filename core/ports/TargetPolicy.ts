/** Where the service may send requests, as the admin allowed (SERVICE_OUTBOUND_HOSTS, …). */
export interface TargetPolicy {
  /**
   * Why a host and port may not be reached, or null when they may (addresses are checked again on
   * connect). `service` says which standard ports a host listed alone allows.
   */
  refusal(host: string, port: number, service: 'web' | 'smtp'): string | null;
}

/** Where the service may send requests, as the admin allowed (SERVICE_OUTBOUND_HOSTS, …). */
export interface TargetPolicy {
  /** Why a host may not be reached, or null when it may (addresses are checked again on connect). */
  refusal(host: string): string | null;
}

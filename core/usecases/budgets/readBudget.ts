import { type BudgetState, budgetFigures } from '../../domain/budget.js';
import { monthOf } from '../../domain/usage.js';
import type { ProjectConfig } from '../../domain/projectConfig.js';
import type { UsageLedger } from '../../ports/UsageLedger.js';

export interface BudgetDeps {
  readonly usage: Pick<UsageLedger, 'spent' | 'inFlight'>;
}

/**
 * A project's budget now, under its active configuration (a budget is the project's current
 * policy: raising it in a new version frees the runs it held, whatever version they pinned): what
 * its settled runs spent this UTC month, and its runs in flight. Null without a budget.
 */
export const readBudget = async (
  deps: BudgetDeps,
  projectModule: string,
  active: ProjectConfig | null,
  now: Date,
): Promise<BudgetState | null> => {
  const budget = active?.budget;
  if (!active || !budget) return null;
  const month = monthOf(now);
  const [spent, inFlight] = await Promise.all([
    deps.usage.spent(projectModule, month.start, month.end),
    deps.usage.inFlight(projectModule),
  ]);
  const rest = active.automation.execution;
  return { budget, figures: budgetFigures(budget, spent, inFlight, rest, now), rest };
};

/**
 * Heterogeneity-aware greedy rules (docs/heuristics/heterogeneity-aware.md): the stronger greedy
 * rules with each job kept on one GPU type ({@code TypedGreedy}), the type chosen from what the
 * rule believes of each job type's speed there ({@code TypeFactors}): the cluster's true factors
 * for an oracle ({@code OracleTypeFactors}), or factors measured from observed progress ({@code
 * MeasuredTypeFactors}).
 */
package dl2.schedulers.typed;

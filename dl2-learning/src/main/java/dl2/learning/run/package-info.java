/**
 * What every training run is given, whatever it trains: {@code RunBudget} (the workload, seed,
 * steps, validation, training traces and threads), shared by the warm-up's, the actor-critic's and
 * the on-policy trainer's settings.
 */
package dl2.learning.run;

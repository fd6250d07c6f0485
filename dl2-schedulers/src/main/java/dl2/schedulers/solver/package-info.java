/**
 * Optimisers over GPU types, solved with ojAlgo (docs/heuristics/gavel-and-sia.md): Gavel's max-min
 * fairness and minimum-total-duration policies as LPs over time fractions per type, rounded into
 * each slot by Gavel's priority rule ({@code Gavel}, {@code GavelLp}, {@code GavelRounding}), and a
 * Sia-like per-slot ILP over (type, workers) configurations ({@code Sia}, {@code SiaIlp}). Each
 * reads the speed per type from the simulator ({@code OracleTypeSpeeds}).
 */
package dl2.schedulers.solver;

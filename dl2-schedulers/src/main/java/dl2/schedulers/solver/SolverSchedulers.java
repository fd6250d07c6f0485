package dl2.schedulers.solver;

import dl2.slot.Scheduler;

/**
 * The optimisers by name (docs/heuristics/gavel-and-sia.md): Gavel's two policies from measured
 * speeds ({@link MeasuredTypeSpeeds}) or from the true speed per type (named {@code -oracle}), and
 * the Sia-like ILP from the true speeds.
 */
public final class SolverSchedulers {
  public static final String GAVEL_MAX_MIN = "gavel-max-min";
  public static final String GAVEL_MIN_JCT = "gavel-min-jct";
  public static final String GAVEL_MAX_MIN_ORACLE = "gavel-max-min-oracle";
  public static final String GAVEL_MIN_JCT_ORACLE = "gavel-min-jct-oracle";
  public static final String SIA_ORACLE = "sia-oracle";

  private SolverSchedulers() {}

  public static Scheduler gavelMaxMin() {
    return new Gavel(
        GAVEL_MAX_MIN,
        Gavel.Policy.MAX_MIN_FAIRNESS,
        new MeasuredTypeSpeeds(),
        GavelConfig.DEFAULT);
  }

  public static Scheduler gavelMinJct() {
    return new Gavel(
        GAVEL_MIN_JCT,
        Gavel.Policy.MIN_TOTAL_DURATION,
        new MeasuredTypeSpeeds(),
        GavelConfig.DEFAULT);
  }

  public static Scheduler gavelMaxMinOracle() {
    return new Gavel(
        GAVEL_MAX_MIN_ORACLE,
        Gavel.Policy.MAX_MIN_FAIRNESS,
        new OracleTypeSpeeds(),
        GavelConfig.DEFAULT);
  }

  public static Scheduler gavelMinJctOracle() {
    return new Gavel(
        GAVEL_MIN_JCT_ORACLE,
        Gavel.Policy.MIN_TOTAL_DURATION,
        new OracleTypeSpeeds(),
        GavelConfig.DEFAULT);
  }

  public static Scheduler siaOracle() {
    return new Sia(SIA_ORACLE, new OracleTypeSpeeds(), SiaConfig.DEFAULT);
  }
}

package dl2.workload;

import dl2.io.InputException;
import dl2.model.Rng;
import java.util.Locale;

/**
 * How far a job's length estimate is from its truth: estimate = truth · f, with f drawn once per
 * job at submission. {@code uniform:E} is the paper's f = 1 + E·U(−1, 1); {@code log-laplace:B} and
 * {@code log-normal:S} draw ln f from a Laplace (scale B) or normal (deviation S) law, which is
 * symmetric in ratio (2× too long as likely as 2× too short) and heavy-tailed; {@code calibrated}
 * is log-Laplace with B = ln 2 / ln(1/0.3) ≈ 0.576, so that P(|ln f| > ln 2) = 0.30: about 30 % of
 * jobs off by more than 2×, as Helios' estimator (Hu et al., SC'21) is; {@code trace} takes the
 * estimates of a trace file's {@code estimated_epochs} column (docs/job-lengths.md).
 *
 * @param kind the law of f
 * @param parameter E, B or S; 0 for {@code trace}
 */
public record LengthError(Kind kind, double parameter) {
  /** The law of the factor f. */
  public enum Kind {
    UNIFORM("uniform"),
    LOG_LAPLACE("log-laplace"),
    LOG_NORMAL("log-normal"),
    TRACE("trace");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** The share of jobs the calibrated preset puts off by more than 2× (Helios, SC'21). */
  public static final double CALIBRATED_SHARE_OFF_BY_2X = 0.3;

  /** B = ln 2 / ln(1 / 0.3) ≈ 0.5757: P(|ln f| > ln 2) = exp(−ln 2 / B) = 0.3. */
  public static final double CALIBRATED_SCALE =
      Math.log(2) / Math.log(1 / CALIBRATED_SHARE_OFF_BY_2X);

  /** The default of {@code --lengths estimated}. */
  public static final LengthError CALIBRATED = new LengthError(Kind.LOG_LAPLACE, CALIBRATED_SCALE);

  /** The estimates a trace file gives. */
  public static final LengthError TRACE = new LengthError(Kind.TRACE, 0);

  /** What {@code --length-error} accepts, for help texts and errors. */
  public static final String SYNTAX = "calibrated, uniform:E, log-laplace:B, log-normal:S or trace";

  /** An estimate never leaves the input limits of a trace. */
  private static final double LEAST_ESTIMATE = 1e-6;

  public LengthError {
    boolean valid =
        switch (kind) {
          case UNIFORM -> parameter >= 0 && parameter < 1;
          case LOG_LAPLACE, LOG_NORMAL -> parameter > 0 && parameter <= 10;
          case TRACE -> parameter == 0;
        };
    if (!valid) {
      throw new IllegalArgumentException("bad " + kind.label() + " parameter " + parameter);
    }
  }

  /** The error model {@code text} names ({@link #SYNTAX}), else a one-line InputException. */
  public static LengthError parse(String text) {
    if (text.equals("calibrated")) {
      return CALIBRATED;
    }
    if (text.equals("trace")) {
      return TRACE;
    }
    String[] parts = text.split(":", 2);
    for (Kind kind : Kind.values()) {
      if (kind != Kind.TRACE && parts.length == 2 && parts[0].equals(kind.label())) {
        try {
          return new LengthError(kind, Double.parseDouble(parts[1]));
        } catch (IllegalArgumentException e) {
          throw new InputException(
              "--length-error "
                  + kind.label()
                  + " needs "
                  + (kind == Kind.UNIFORM
                      ? "E in [0, 1)"
                      : (kind == Kind.LOG_LAPLACE ? "a scale B" : "a deviation S") + " in (0, 10]")
                  + ": "
                  + text);
        }
      }
    }
    throw new InputException("--length-error must be " + SYNTAX + ": " + text);
  }

  /** The estimate of a job whose true length is {@code truth}, from the job's own stream. */
  public double estimate(double truth, Rng rng) {
    double estimate = truth * factor(rng);
    return Math.max(LEAST_ESTIMATE, Math.min(dl2.model.JobSpec.MAX_EPOCHS, estimate));
  }

  /** One draw of f. */
  double factor(Rng rng) {
    return switch (kind) {
      case UNIFORM -> 1 + parameter * rng.nextSymmetric();
      case LOG_LAPLACE -> {
        double u = rng.nextDouble() - 0.5; // in [−0.5, 0.5)
        double tail = Math.max(Double.MIN_NORMAL, 1 - 2 * Math.abs(u));
        yield Math.exp(-parameter * Math.signum(u) * Math.log(tail));
      }
      case LOG_NORMAL -> {
        double u1 = 1 - rng.nextDouble(); // in (0, 1]
        double u2 = rng.nextDouble();
        yield Math.exp(parameter * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2));
      }
      case TRACE -> throw new IllegalStateException("a trace's estimates are read, not drawn");
    };
  }

  /**
   * The likelihood, up to a constant, that a job of true length {@code truth} was estimated at
   * {@code estimate}: the density of ln f at ln(estimate / truth) (0 where f cannot reach).
   */
  public double likelihood(double estimate, double truth) {
    double x = Math.log(estimate / truth);
    return switch (kind) {
      case UNIFORM -> {
        if (parameter == 0) {
          yield Math.abs(x) < 1e-9 ? 1 : 0;
        }
        double f = Math.exp(x);
        yield f >= 1 - parameter && f <= 1 + parameter ? f : 0;
      }
      case LOG_LAPLACE -> Math.exp(-Math.abs(x) / parameter);
      case LOG_NORMAL -> Math.exp(-x * x / (2 * parameter * parameter));
      case TRACE -> Math.exp(-Math.abs(x) / CALIBRATED_SCALE);
    };
  }

  /** The share of jobs this law puts off by more than 2× (|ln f| > ln 2). */
  public double shareOffBy2x() {
    return switch (kind) {
      case UNIFORM -> parameter > 1.0 / 2 ? (parameter - 1.0 / 2) / (2 * parameter) : 0;
      case LOG_LAPLACE -> Math.exp(-Math.log(2) / parameter);
      case LOG_NORMAL -> erfc(Math.log(2) / (parameter * Math.sqrt(2)));
      case TRACE -> Double.NaN;
    };
  }

  /** As {@code --length-error} spells it. */
  public String label() {
    if (equals(CALIBRATED)) {
      return "calibrated";
    }
    return kind == Kind.TRACE
        ? "trace"
        : kind.label() + ":" + String.format(Locale.ROOT, "%s", (float) parameter);
  }

  /** Complementary error function (Numerical Recipes' erfcc, relative error below 1.2e-7). */
  private static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1 / (1 + 0.5 * z);
    double r =
        t
            * Math.exp(
                -z * z
                    - 1.26551223
                    + t
                        * (1.00002368
                            + t
                                * (0.37409196
                                    + t
                                        * (0.09678418
                                            + t
                                                * (-0.18628806
                                                    + t
                                                        * (0.27886807
                                                            + t
                                                                * (-1.13520398
                                                                    + t
                                                                        * (1.48851587
                                                                            + t
                                                                                * (-0.82215223
                                                                                    + t
                                                                                        * 0.17087277)))))))));
    return x >= 0 ? r : 2 - r;
  }
}

package dl2.schedulers.placed;

import dl2.fit.Nnls;
import dl2.fit.WarmNnls;
import dl2.model.JobType;
import dl2.slot.PlacementProbe;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One job's isolated speed curve fitted from its measured progress with the effects of where it ran
 * divided out: Optimus' form 1/rate = θ0/w + θ1 + g·(θ2·w/p + θ3·w + θ4·p), θ ≥ 0, where the
 * communication part is scaled by g = π·I, π = 1 − (1 − λ)·L the locality factor of its placement
 * and I its co-location factor. Observed by NNLS on relative error as {@code OptimusFittedSpeed}:
 * clean observations (no other job's task on its nodes, I = 1) merge into one row per (p, w, L),
 * co-located ones join with I as currently estimated. Interference itself is measured against the
 * curve of the clean observations alone ({@link #cleanTheta}), at configurations they cover, so
 * that the interference estimate never measures itself; the curve that predicts speeds uses every
 * observation, so a job seen only co-located at some configuration still learns from it.
 */
final class PlacedSpeedFit {
  /**
   * The built-in types, copied once: JobType.values() clones its array at every call, and these
   * loops are hot.
   */
  private static final JobType[] BUILT_INS = JobType.values();

  /** Clean configurations after which the curve splits compute from communication on its own. */
  static final int CLEAN_CONFIGS = 3;

  /**
   * A clean observation's configuration: counts and the fraction of worker–PS pairs on one node.
   */
  private record Clean(int numPs, int numWorkers, double localPairs) {}

  private static final Comparator<Clean> ORDER =
      Comparator.comparingInt(Clean::numPs)
          .thenComparingInt(Clean::numWorkers)
          .thenComparingDouble(Clean::localPairs);

  /**
   * The co-located observations of one placement (the same tasks per node among the same
   * neighbours' types): Σ rate and Σ rate² for the fit, and for measuring interference how many are
   * not measured yet and Σ 1/rate over them.
   */
  static final class Colocated {
    final PlacementProbe probe;
    double rateSum;
    double rateSquares;
    int unmeasured;
    double unmeasuredInverseSum;

    Colocated(PlacementProbe probe) {
      this.probe = probe;
    }

    void add(double epochsPerSlot) {
      rateSum += epochsPerSlot;
      rateSquares += epochsPerSlot * epochsPerSlot;
      unmeasured++;
      unmeasuredInverseSum += 1 / epochsPerSlot;
    }
  }

  private final JobType type;

  /** Per clean configuration: Σ rate and Σ rate², the fit's sufficient statistics. */
  private final Map<Clean, double[]> clean = new TreeMap<>(ORDER);

  private final TreeSet<Long> cleanConfigs = new TreeSet<>();
  private final TreeSet<Long> configs = new TreeSet<>();

  /** Co-located observations by placement, in a fixed order: a job that stays put adds no row. */
  private final Map<String, Colocated> colocated = new TreeMap<>();

  private final WarmNnls solver = new WarmNnls(5);
  private final WarmNnls cleanSolver = new WarmNnls(5);
  private double[] theta;
  private double fittedLambda = Double.NaN;
  private int fittedVersion = -1;
  private double[] cleanTheta;
  private double cleanLambda = Double.NaN;
  private final WarmNnls shrunkSolver = new WarmNnls(5);
  private double[] shrunkTheta;
  private int shrunkPrior = -1;
  private int refits;
  private int shrunkRefit = -1;

  PlacedSpeedFit(JobType type) {
    this.type = type;
  }

  JobType type() {
    return type;
  }

  void observe(PlacementProbe probe, double epochsPerSlot, boolean isClean) {
    int p = probe.totalParameterServers();
    int w = probe.totalWorkers();
    configs.add(key(p, w));
    if (isClean) {
      double[] sums =
          clean.computeIfAbsent(new Clean(p, w, probe.localPairFraction()), c -> new double[2]);
      sums[0] += epochsPerSlot;
      sums[1] += epochsPerSlot * epochsPerSlot;
      cleanConfigs.add(key(p, w));
    } else {
      colocated.computeIfAbsent(signature(probe), k -> new Colocated(probe)).add(epochsPerSlot);
    }
    theta = null;
    cleanTheta = null;
    shrunkTheta = null;
  }

  private static long key(int numPs, int numWorkers) {
    return ((long) numPs << 32) | numWorkers;
  }

  /** Whether some observation (clean or not) was made at (p, w). */
  boolean observed(int numPs, int numWorkers) {
    return configs.contains(key(numPs, numWorkers));
  }

  /** Distinct (p, w) observed. */
  int configs() {
    return configs.size();
  }

  /** Whether the fit rests on clean observations alone. */
  boolean cleanBased() {
    return cleanConfigs.size() >= CLEAN_CONFIGS;
  }

  boolean isEmpty() {
    return configs.isEmpty();
  }

  /** Co-located observations, grouped by placement. */
  Iterable<Colocated> colocated() {
    return colocated.values();
  }

  /** The probe's tasks and neighbours per node, as text: equal for equal placements. */
  private static String signature(PlacementProbe probe) {
    StringBuilder key = new StringBuilder();
    for (int n = 0; n < probe.nodes(); n++) {
      key.append(probe.workers(n)).append('/').append(probe.parameterServers(n));
      for (JobType other : BUILT_INS) {
        key.append(',').append(probe.foreignTasks(n, other));
      }
      key.append(probe.declaredForeignTasks(n));
      key.append(';');
    }
    return key.toString();
  }

  /** Whether a clean observation was made at (p, w). */
  boolean observedClean(int numPs, int numWorkers) {
    return cleanConfigs.contains(key(numPs, numWorkers));
  }

  /**
   * θ from every observation, for locality factor λ and the interference estimate {@code x};
   * refitted only when something changed.
   */
  double[] theta(double lambda, InterferenceEstimate x) {
    boolean usesColocated = !colocated.isEmpty();
    if (theta == null
        || lambda != fittedLambda
        || (usesColocated && fittedVersion != x.version())) {
      theta = solver.solve(rows(lambda, x, usesColocated), targets(usesColocated));
      fittedLambda = lambda;
      fittedVersion = x.version();
      refits++;
    }
    return theta;
  }

  /**
   * θ from every observation plus {@code prior}'s pseudo-observations for this job (capped at
   * {@code maxPs}, {@code maxWorkers}): the job's fit shrunk toward its type's pooled curve.
   */
  double[] shrunkTheta(
      double lambda, InterferenceEstimate x, TypePrior prior, int maxPs, int maxWorkers) {
    theta(lambda, x); // refits, and counts a refit, when λ or x moved
    if (shrunkTheta == null || shrunkPrior != prior.version() || shrunkRefit != refits) {
      TypePrior.PriorRows pseudo = prior.rows(type, maxPs, maxWorkers);
      boolean usesColocated = !colocated.isEmpty();
      double[][] a = rows(lambda, x, usesColocated);
      double[] b = targets(usesColocated);
      double[][] rows = java.util.Arrays.copyOf(a, a.length + pseudo.rows().length);
      double[] targets = java.util.Arrays.copyOf(b, b.length + pseudo.targets().length);
      System.arraycopy(pseudo.rows(), 0, rows, a.length, pseudo.rows().length);
      System.arraycopy(pseudo.targets(), 0, targets, b.length, pseudo.targets().length);
      shrunkTheta = shrunkSolver.solve(rows, targets);
      shrunkPrior = prior.version();
      shrunkRefit = refits;
    }
    return shrunkTheta;
  }

  /** θ from the clean observations alone (at least one), for locality factor λ. */
  double[] cleanTheta(double lambda) {
    if (cleanTheta == null || lambda != cleanLambda) {
      cleanTheta = cleanSolver.solve(rows(lambda, null, false), targets(false));
      cleanLambda = lambda;
    }
    return cleanTheta;
  }

  /**
   * The clean rows' squared residual at the best θ for λ: how well λ explains this job (merged rows
   * differ by a constant).
   */
  double cleanResidual(double lambda) {
    double[][] a = rows(lambda, null, false);
    double[] b = targets(false);
    double[] fitted = Nnls.solve(a, b);
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      double r = -b[i];
      for (int j = 0; j < fitted.length; j++) {
        r += a[i][j] * fitted[j];
      }
      sum += r * r;
    }
    return sum;
  }

  /** Clean (p, w, L) groups: how much this job says about λ. */
  int cleanGroups() {
    return clean.size();
  }

  double[][] rows(double lambda, InterferenceEstimate x, boolean withColocated) {
    List<double[]> rows = new ArrayList<>();
    for (Map.Entry<Clean, double[]> group : clean.entrySet()) {
      Clean c = group.getKey();
      double root = Math.sqrt(group.getValue()[1]);
      rows.add(scaled(features(c.numPs(), c.numWorkers(), locality(lambda, c.localPairs())), root));
    }
    if (withColocated) {
      for (Colocated o : colocated.values()) {
        double g = locality(lambda, o.probe.localPairFraction()) * x.factor(type, o.probe);
        rows.add(
            scaled(
                features(o.probe.totalParameterServers(), o.probe.totalWorkers(), g),
                Math.sqrt(o.rateSquares)));
      }
    }
    return rows.toArray(double[][]::new);
  }

  double[] targets(boolean withColocated) {
    double[] b = new double[clean.size() + (withColocated ? colocated.size() : 0)];
    int i = 0;
    for (double[] sums : clean.values()) {
      b[i++] = sums[0] / Math.sqrt(sums[1]);
    }
    if (withColocated) {
      for (Colocated o : colocated.values()) {
        b[i++] = o.rateSum / Math.sqrt(o.rateSquares);
      }
    }
    return b;
  }

  /** π = 1 − (1 − λ)·L. */
  static double locality(double lambda, double localPairs) {
    return 1 - (1 - lambda) * localPairs;
  }

  /**
   * (1/w, 1, g·w/p, g·w, g·p): the terms of the Optimus denominator with communication scaled by g.
   */
  static double[] features(int numPs, int numWorkers, double g) {
    double p = numPs;
    double w = numWorkers;
    return new double[] {1 / w, 1, g * (w / p), g * w, g * p};
  }

  private static double[] scaled(double[] row, double by) {
    for (int j = 0; j < row.length; j++) {
      row[j] *= by;
    }
    return row;
  }
}

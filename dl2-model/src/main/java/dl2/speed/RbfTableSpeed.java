package dl2.speed;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Speed from a user-supplied table (dl2-spec §3.5): per model, duplicate (p, w) records are
 * averaged and the distinct points are interpolated by a linear radial-basis function, exact at
 * every record and extrapolating beyond them. Values on the integer grid 1..maxCount in both counts
 * are precomputed; other counts are evaluated directly. A model with a single distinct point is
 * constant (Project): its RBF system 0·λ = s has no solution.
 */
public final class RbfTableSpeed implements SpeedModel {
  /** What to do with zero-speed records, which the original's tables used for failed runs. */
  public enum ZeroSpeed {
    /** Keep them: the point becomes a zero-progress point (Original). */
    KEEP,
    /** Drop them before averaging duplicates, as if the run had not been measured. */
    DROP
  }

  private final String source;
  private final int maxCount;

  /** Per type ordinal; null for a model with no rows. */
  private final RbfInterpolant[] interpolants;

  /** Per type ordinal, the model the interpolant is for; null like above. */
  private final JobType[] types;

  /** Per type ordinal, f at (p, w) stored at (p − 1)·maxCount + (w − 1); null like above. */
  private final double[][] grids;

  private RbfTableSpeed(
      String source, int maxCount, RbfInterpolant[] interpolants, JobType[] types) {
    this.source = source;
    this.maxCount = maxCount;
    this.interpolants = interpolants;
    this.types = types;
    this.grids = new double[interpolants.length][];
    for (int k = 0; k < interpolants.length; k++) {
      if (interpolants[k] != null) {
        grids[k] = tabulate(interpolants[k], maxCount);
      }
    }
  }

  /**
   * Fits one interpolant per model present in {@code records}.
   *
   * @param source the table's file name, for error messages
   * @param maxCount the largest PS and worker count to precompute, e.g. cap + 1 (§3.3 dry runs)
   * @throws InputException if a model's RBF system is singular or ill-conditioned
   */
  public static RbfTableSpeed fit(
      String source, Collection<SpeedRecord> records, int maxCount, ZeroSpeed zeroSpeed) {
    if (maxCount < 0) {
      throw new IllegalArgumentException("maxCount must be >= 0: " + maxCount);
    }
    List<Map<Long, double[]>> sums = new ArrayList<>();
    JobType[] types = new JobType[JobType.MAX_TYPES];
    for (int k = 0; k < types.length; k++) {
      sums.add(new TreeMap<>());
    }
    for (SpeedRecord r : records) {
      if (zeroSpeed == ZeroSpeed.DROP && r.samplesPerSecond() == 0) {
        continue;
      }
      long key = ((long) r.numPs() << 32) | r.numWorkers();
      types[r.type().ordinal()] = r.type();
      double[] sumAndCount = sums.get(r.type().ordinal()).computeIfAbsent(key, x -> new double[2]);
      sumAndCount[0] += r.samplesPerSecond();
      sumAndCount[1] += 1;
    }
    RbfInterpolant[] interpolants = new RbfInterpolant[sums.size()];
    for (int k = 0; k < types.length; k++) {
      if (!sums.get(k).isEmpty()) {
        interpolants[k] = fitModel(source, types[k], sums.get(k));
      }
    }
    return new RbfTableSpeed(source, maxCount, interpolants, types);
  }

  /** Reads {@code file} with {@link SpeedTableReader} and fits it. */
  public static RbfTableSpeed load(Path file, int maxCount, ZeroSpeed zeroSpeed) {
    return load(file, maxCount, zeroSpeed, ModelCatalogue.BUILT_IN);
  }

  /** Like {@link #load(Path, int, ZeroSpeed)}, with rows for any model of {@code models}. */
  public static RbfTableSpeed load(
      Path file, int maxCount, ZeroSpeed zeroSpeed, ModelCatalogue models) {
    return fit(file.toString(), SpeedTableReader.read(file, models), maxCount, zeroSpeed);
  }

  /**
   * Fails early, before a run, if a model that the workload can produce has no rows.
   *
   * @return this, for chaining
   * @throws InputException naming the table and the first missing model
   */
  public RbfTableSpeed requireModels(Collection<JobType> types) {
    for (JobType type : types.stream().sorted().toList()) {
      if (interpolants[type.ordinal()] == null) {
        throw missing(type);
      }
    }
    return this;
  }

  /** The models with at least one (kept) row. */
  public Set<JobType> models() {
    Set<JobType> models = new TreeSet<>();
    for (int k = 0; k < interpolants.length; k++) {
      if (interpolants[k] != null) {
        models.add(types[k]);
      }
    }
    return models;
  }

  /** The table's file name, as given to {@link #fit}. */
  public String source() {
    return source;
  }

  /** The largest PS and worker count served from the precomputed grid. */
  public int maxCount() {
    return maxCount;
  }

  /**
   * The interpolated speed, 0 without a PS or a worker.
   *
   * @throws InputException if the table has no rows for {@code type}
   */
  @Override
  public double samplesPerSecond(JobType type, int numPs, int numWorkers) {
    RbfInterpolant f = interpolants[type.ordinal()];
    if (f == null) {
      throw missing(type);
    }
    if (numPs < 1 || numWorkers < 1) {
      return 0;
    }
    if (numPs <= maxCount && numWorkers <= maxCount) {
      return grids[type.ordinal()][(numPs - 1) * maxCount + (numWorkers - 1)];
    }
    return f.evaluate(numPs, numWorkers);
  }

  /** The reference evaluation, bypassing the grid; the grid must equal it bit for bit. */
  double evaluateDirectly(JobType type, int numPs, int numWorkers) {
    RbfInterpolant f = interpolants[type.ordinal()];
    if (f == null) {
      throw missing(type);
    }
    return numPs < 1 || numWorkers < 1 ? 0 : f.evaluate(numPs, numWorkers);
  }

  @Override
  public String name() {
    return "rbf-table";
  }

  private InputException missing(JobType type) {
    return new InputException(
        "speed table " + source + " has no rows for model " + type.modelName());
  }

  private static RbfInterpolant fitModel(String source, JobType type, Map<Long, double[]> points) {
    int n = points.size();
    double[] ps = new double[n];
    double[] ws = new double[n];
    double[] speeds = new double[n];
    int i = 0;
    for (Map.Entry<Long, double[]> e : points.entrySet()) {
      ps[i] = e.getKey() >>> 32;
      ws[i] = e.getKey() & 0xffffffffL;
      speeds[i] = e.getValue()[0] / e.getValue()[1];
      i++;
    }
    try {
      return RbfInterpolant.fit(ps, ws, speeds);
    } catch (IllegalArgumentException e) {
      throw InputException.inFile(source, "model " + type.modelName() + ": " + e.getMessage());
    }
  }

  private static double[] tabulate(RbfInterpolant f, int maxCount) {
    double[] grid = new double[maxCount * maxCount];
    for (int p = 1; p <= maxCount; p++) {
      for (int w = 1; w <= maxCount; w++) {
        grid[(p - 1) * maxCount + (w - 1)] = f.evaluate(p, w);
      }
    }
    return grid;
  }
}

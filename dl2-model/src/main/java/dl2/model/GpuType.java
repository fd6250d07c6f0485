package dl2.model;

import java.util.Arrays;

/**
 * A kind of GPU and how fast each job type trains on it relative to dl2's speed curves (Project:
 * heterogeneous clusters, docs/heterogeneous-clusters.md). A factor in (0, 1] multiplies a job's
 * epochs per slot: dl2's curves stand for the fastest GPU of a measurement family, so no type is
 * faster than the curves and every bound built on them stays a bound. {@link #DEFAULT}, the GPU of
 * every single-type preset, has factor 1 for every type, so those presets run exactly as before.
 * Jobs that use no GPU run at factor 1; declared models carry their own factors.
 *
 * @param name the type's name in cluster files and reports, lower case
 * @param factors speed factor per built-in job type, indexed by {@link JobType#ordinal()}
 */
public record GpuType(String name, double[] factors) {
  /** The GPU dl2's speed curves describe: factor 1 for every job type. */
  public static final GpuType DEFAULT = uniform("default");

  public GpuType {
    if (name == null || !name.matches("[a-z0-9][a-z0-9_-]*")) {
      throw new IllegalArgumentException("a GPU type's name is lower-case letters and digits");
    }
    if (factors.length != JobType.values().length) {
      throw new IllegalArgumentException(
          "GPU type " + name + " needs one factor per built-in job type");
    }
    for (double factor : factors) {
      if (!(factor > 0 && factor <= 1)) {
        throw new IllegalArgumentException(
            "GPU type " + name + " has a speed factor outside (0, 1]");
      }
    }
    factors = factors.clone();
  }

  /** A type every job runs on at dl2's own pace. */
  public static GpuType uniform(String name) {
    double[] ones = new double[JobType.values().length];
    Arrays.fill(ones, 1);
    return new GpuType(name, ones);
  }

  /**
   * How fast {@code type} trains here relative to dl2's curve: 1 for a type that uses no GPU, since
   * only the GPU changes between types; a declared model's own factor from its models file.
   */
  public double factor(JobType type) {
    if (!type.usesGpu()) {
      return 1;
    }
    return type.builtIn() ? factors[type.ordinal()] : type.declaredGpuFactor(name);
  }

  /** True if every job type runs here at dl2's own pace. */
  public boolean isUniform() {
    for (double factor : factors) {
      if (factor != 1) {
        return false;
      }
    }
    return true;
  }

  @Override
  public double[] factors() {
    return factors.clone();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof GpuType that
        && name.equals(that.name)
        && Arrays.equals(factors, that.factors);
  }

  @Override
  public int hashCode() {
    return name.hashCode() * 31 + Arrays.hashCode(factors);
  }

  @Override
  public String toString() {
    return name;
  }
}

package dl2.model;

/** A bundle of physical resources: CPU cores and GPUs (dl2-spec §2.1). */
public record Resources(int cores, int gpus) {
  public static final Resources NONE = new Resources(0, 0);

  public Resources {
    if (cores < 0 || gpus < 0) {
      throw new IllegalArgumentException(
          "resources must be non-negative: " + cores + " cores, " + gpus + " GPUs");
    }
  }

  public Resources plus(Resources other) {
    return new Resources(cores + other.cores, gpus + other.gpus);
  }

  public Resources times(int count) {
    return new Resources(cores * count, gpus * count);
  }
}

package dl2.workload;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's trace generator (dl2-spec §4.1): arrival pattern, random offset, then per job its
 * bucket/type, length jitter (only if enabled) and estimation error, in that RNG order. The error
 * draw is made even when ε_e = 0, so changing ε_e changes no other job attribute.
 */
public final class PaperWorkload implements Workload {
  static final double[] BUCKET_PROBABILITIES = {
    0.6812080536912751, 0.15962740106456838, 0.054096274010645685, 0.024704929414487386,
    0.02048137005322842, 0.018051376996065724, 0.012959962971534367, 0.02887063179819486,
  };
  static final int[] BUCKET_LENGTH_MINUTES = {35, 180, 300, 436, 559, 679, 806, 1155};
  private static final double LONGEST_BUCKET_MINUTES = 1155;
  private static final int[] IMPORTANCE_MAP = {6, 4, 0, 5, 1, 2, 7, 3};
  private static final double[] SYNTHETIC_FRACTIONS = {
    0.3, 0.96, 0.05, 0.54, 0.95, 0.46, 0.33, 0.23
  };
  private static final int MAX_OFFSET = 4;

  private final WorkloadConfig config;

  public PaperWorkload(WorkloadConfig config) {
    this.config = config;
  }

  public WorkloadConfig config() {
    return config;
  }

  @Override
  public List<JobSpec> jobs(long seed) {
    Rng rng = new Rng(seed);
    int[] pattern = config.pattern().build(config.maxArrivals(), rng);
    int offset = rng.nextIntInclusive(0, MAX_OFFSET);
    List<JobSpec> jobs = new ArrayList<>(config.totalJobs());
    for (int slot = 0; jobs.size() < config.totalJobs(); slot++) {
      int arrivals = Math.min(config.maxArrivals(), pattern[(slot + offset) % pattern.length]);
      for (int i = 0; i < arrivals && jobs.size() < config.totalJobs(); i++) {
        jobs.add(drawJob(jobs.size() + 1, slot, rng));
      }
    }
    return config.typeMix().apply(List.copyOf(jobs), seed);
  }

  private JobSpec drawJob(int id, int slot, Rng rng) {
    int k = config.typeRestriction();
    JobType type;
    double baseEpochs;
    if (config.mix() == JobMix.SYNTHETIC) {
      int t = rng.nextInt(k);
      type = JobType.ofNumber(t + 1);
      baseEpochs = (int) (SYNTHETIC_FRACTIONS[t] * config.maxEpochs());
    } else {
      int bucket = drawBucket(rng, k);
      type =
          JobType.ofNumber(
              (config.mix() == JobMix.PAPER_IMPORTANCE ? IMPORTANCE_MAP[bucket] : bucket) + 1);
      baseEpochs =
          (int) (BUCKET_LENGTH_MINUTES[bucket] / LONGEST_BUCKET_MINUTES * config.maxEpochs());
    }
    // Tiny MAX_EPOCHS would round short buckets to 0 epochs; a job needs at least one.
    baseEpochs = Math.max(1, baseEpochs);
    double epochs =
        config.fixJobLength() ? baseEpochs : baseEpochs * rng.nextIntInclusive(90, 109) / 100.0;
    double realEpochs = (1 + config.epochEstimationError() * rng.nextSymmetric()) * epochs;
    return new JobSpec(id, type, slot, epochs, realEpochs);
  }

  /** b is the first index whose cumulative probability exceeds U·Σprob over the first k buckets. */
  private static int drawBucket(Rng rng, int k) {
    double total = 0;
    for (int b = 0; b < k; b++) {
      total += BUCKET_PROBABILITIES[b];
    }
    double target = rng.nextDouble() * total;
    double cumulative = 0;
    for (int b = 0; b < k; b++) {
      cumulative += BUCKET_PROBABILITIES[b];
      if (cumulative > target) {
        return b;
      }
    }
    return k - 1;
  }
}

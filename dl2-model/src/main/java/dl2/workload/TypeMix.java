package dl2.workload;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import dl2.model.SeedStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Which job types a generated trace holds (Project, for the unseen-types study): some types held
 * out, and optionally a share of jobs given to them. A job keeps its arrival and its epochs; only
 * its type is redrawn: with probability {@code heldOutShare} a held-out type (uniformly), else, if
 * its type is held out, a seen type (uniformly). With share 0 a trace holds no held-out type at all
 * (training); with share 1/3 a third of its jobs are of held-out types (evaluation). Draws come
 * from their own stream of the trace's seed, so the rest of the trace is unchanged.
 *
 * @param heldOut the types held out
 * @param heldOutShare the probability that a job is given a held-out type, in [0, 1]
 */
public record TypeMix(Set<JobType> heldOut, double heldOutShare) {
  /** No change: every type as the generator draws it. */
  public static final TypeMix ALL = new TypeMix(Set.of(), 0);

  public TypeMix {
    heldOut = Set.copyOf(heldOut);
    if (!(heldOutShare >= 0 && heldOutShare <= 1)) {
      throw new IllegalArgumentException("held-out share must be in [0, 1]: " + heldOutShare);
    }
    if (heldOut.size() == JobType.values().length) {
      throw new IllegalArgumentException("every type is held out");
    }
    if (heldOut.isEmpty() && heldOutShare > 0) {
      throw new IllegalArgumentException("a held-out share needs held-out types");
    }
  }

  /** Traces without {@code types}. */
  public static TypeMix without(Set<JobType> types) {
    return new TypeMix(types, 0);
  }

  /** Whether this mix changes nothing. */
  public boolean isAll() {
    return heldOut.isEmpty();
  }

  /**
   * {@code jobs} with their types redrawn as described; {@code seed} is the trace's generator seed.
   */
  public List<JobSpec> apply(List<JobSpec> jobs, long seed) {
    if (isAll()) {
      return jobs;
    }
    List<JobType> held = heldOut.stream().sorted().toList();
    List<JobType> seen = Arrays.stream(JobType.values()).filter(t -> !heldOut.contains(t)).toList();
    Rng rng = new Rng(Rng.derive(seed, SeedStream.TYPE_MIX));
    List<JobSpec> mixed = new ArrayList<>(jobs.size());
    for (JobSpec job : jobs) {
      JobType type = job.type();
      if (heldOutShare > 0 && rng.nextDouble() < heldOutShare) {
        type = held.get(rng.nextInt(held.size()));
      } else if (heldOut.contains(type)) {
        type = seen.get(rng.nextInt(seen.size()));
      }
      mixed.add(new JobSpec(job.id(), type, job.arrivalSlot(), job.epochs(), job.realEpochs()));
    }
    return List.copyOf(mixed);
  }

  /** E.g. {@code without vgg-16, dssm} or {@code vgg-16, dssm for 33% of jobs}. */
  @Override
  public String toString() {
    String names = String.join(", ", heldOut.stream().sorted().map(JobType::modelName).toList());
    return isAll()
        ? "all types"
        : heldOutShare == 0
            ? "without " + names
            : String.format(
                java.util.Locale.ROOT, "%s for %.0f%% of jobs", names, 100 * heldOutShare);
  }
}

package dl2.experiment;

import dl2.io.Digests;
import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.shard.Shard;
import dl2.shard.ShardResult;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * An experiment cut into shards that run anywhere and are merged into the very output of a local
 * run. A shard runs the studies twice: once with stand-in results, listing every work unit in order
 * and dealing them to the shards ({@link UnitPlan}), then for real, computing only its own ({@link
 * ShardUnits}). The merge runs the studies once more, answering every unit from the shards' results
 * ({@link MergedUnits}): the studies build their tables and plots from the same numbers in the same
 * order, so the files are a local run's, byte for byte. A study that reads local input files runs
 * whole at the merge.
 */
public final class ShardedExperiment {
  private final List<Study> studies;
  private final StudyContext context;

  public ShardedExperiment(List<Study> studies, StudyContext context) {
    this.studies = List.copyOf(studies);
    this.context = context;
  }

  /** What shards and merge must share: the studies and the context's settings. */
  public String identity() {
    return "experiment "
        + studies.stream().map(Study::name).collect(Collectors.joining(","))
        + "; "
        + settingsIdentity();
  }

  /**
   * What makes the experiment's results what they are, besides the studies: shards and the merge
   * must agree on it. Threads are left out (results do not depend on them).
   */
  private String settingsIdentity() {
    Preset preset = context.preset();
    Budget budget = context.budget();
    Optional<PolicyFile> shipped = context.shippedPolicy(preset);
    return String.format(
        Locale.ROOT,
        "preset %s (%d nodes, %d jobs); seed %d; %d validation traces; %d RL steps, %d warm-up steps, "
            + "validation every %d, %d training traces, lr %s, %s; %s",
        preset.name(),
        preset.cluster().nodes(),
        preset.workload().totalJobs(),
        context.seed(),
        context.validationTraces(),
        budget.rlSteps(),
        budget.slSteps(),
        budget.validateEvery(),
        budget.trainingTraces(),
        budget.learningRate(),
        budget.quick() ? "quick" : "full",
        shipped
            .map(p -> "shipped policy sha-256 " + Digests.sha256(p.bytes()))
            .orElse("no shipped policy"));
  }

  /** Whether any study's units can go to shards (otherwise every study runs at the merge). */
  public boolean hasShardableWork() {
    return studies.stream().anyMatch(Study::shardable);
  }

  /**
   * Runs shard {@code shard}: its training runs go under {@code dir/runs/}, as in a local run, and
   * the returned result holds every unit it computed (the caller writes it).
   */
  public ShardResult runShard(Shard shard, Path dir, StudyProgress progress) {
    UnitPlan plan = new UnitPlan();
    runShardable(context.with(plan, dir, StudyProgress.NONE));
    ShardUnits work = new ShardUnits(plan, shard);
    runShardable(context.with(work, dir, progress));
    return ShardResult.of(identity(), shard, work.results());
  }

  /**
   * A context whose units are answered from {@code shards}, for an {@link ExperimentRun} into
   * {@code out}, once the shards are checked: one experiment's (the same identity), every shard of
   * it once, and every result asked for. Any disagreement is a one-line input error.
   */
  public StudyContext merged(List<ShardResult> shards, Path out, StudyProgress progress) {
    if (shards.isEmpty()) {
      throw new InputException("no shard to merge");
    }
    int count = shards.get(0).shards();
    Set<Integer> seen = new TreeSet<>();
    for (ShardResult shard : shards) {
      if (!shard.experiment().equals(identity())) {
        throw new InputException(
            "shard "
                + shard.shard()
                + "/"
                + shard.shards()
                + " is of another experiment: it was run as '"
                + shard.experiment()
                + "', this merge is '"
                + identity()
                + "'");
      }
      if (shard.shards() != count) {
        throw new InputException(
            "the shards were cut "
                + count
                + " and "
                + shard.shards()
                + " ways: they are not of one run");
      }
      if (!seen.add(shard.shard())) {
        throw new InputException("shard " + shard.shard() + "/" + count + " is given twice");
      }
    }
    if (seen.size() != count) {
      Set<Integer> missing = new TreeSet<>();
      for (int i = 0; i < count; i++) {
        missing.add(i);
      }
      missing.removeAll(seen);
      throw new InputException(
          "shard"
              + (missing.size() == 1 ? " " : "s ")
              + missing.stream().map(i -> i + "/" + count).collect(Collectors.joining(", "))
              + " missing: merge all "
              + count
              + " shards");
    }
    MergedUnits check = new MergedUnits(shards);
    runShardable(context.with(check, out, StudyProgress.NONE));
    if (!check.unused().isEmpty()) {
      throw new InputException(
          "the shards hold results no study asks for ("
              + check.unused().iterator().next()
              + (check.unused().size() > 1 ? " and " + (check.unused().size() - 1) + " more" : "")
              + "): they were run with other options or another version of dl2");
    }
    return context.with(new MergedUnits(shards), out, progress);
  }

  private void runShardable(StudyContext pass) {
    for (Study study : studies) {
      if (study.shardable()) {
        pass.beginStudy(study);
        study.run(pass);
      }
    }
  }
}

package dl2.training;

import com.fasterxml.jackson.annotation.JsonInclude;
import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.io.Provenance;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.learning.run.RunBudget;
import dl2.placement.FewestNodes;
import dl2.schedulers.lengths.LengthSchedulers;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.RecordedSimulation;
import dl2.simulation.SimulationConfig;
import dl2.slot.SchedulerName;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.LengthSetting;
import dl2.workload.TraceSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * The honest number of a training run: once it ends, its best checkpoint (picked on the validation
 * traces) and its final one run greedily on TEST traces, which neither trained nor picked anything,
 * next to the reference heuristics on the same traces. Written to {@code summary.json}; it runs
 * through the {@link Evaluation} {@code dl2 compare} runs, so its numbers match compare's on the
 * same traces. A run trained under a placement runs its checkpoints under it, as compare's {@code
 * dl2@PLACEMENT} row.
 */
public final class TestEvaluation {
  public static final String FILE = "summary.json";

  /**
   * Heuristics run on the same test traces for reference: the strong ones as compare runs them,
   * each alone and under Optimus' consolidating placement, and the placement-aware greedy (its
   * observation-only and its oracle version) and the stronger greedy rules (the last-slot value,
   * multi-task steps), so that the best heuristic is compare's.
   */
  public static final List<String> REFERENCES =
      List.of(
          Schedulers.DRF,
          Schedulers.OPTIMUS,
          Schedulers.OPTIMUS_FITTED,
          Schedulers.OPTIMUS_REMAINING,
          Schedulers.TIRESIAS,
          consolidated(Schedulers.OPTIMUS),
          consolidated(Schedulers.OPTIMUS_FITTED),
          consolidated(Schedulers.OPTIMUS_REMAINING),
          consolidated(Schedulers.TIRESIAS),
          Schedulers.IA_GREEDY,
          Schedulers.IA_GREEDY_ORACLE,
          Schedulers.OPTIMUS_LAST_SLOT,
          consolidated(Schedulers.OPTIMUS_LAST_SLOT),
          Schedulers.IA_GREEDY_MULTISTEP,
          Schedulers.IA_GREEDY_MULTISTEP_ORACLE);

  /** The greedy rules on the posterior remaining work, which run under estimated and unknown. */
  private static final List<String> POSTERIOR_REFERENCES =
      List.of(
          consolidated(LengthSchedulers.OPTIMUS_REMAINING_POSTERIOR),
          consolidated(LengthSchedulers.OPTIMUS_FITTED_POSTERIOR),
          consolidated(LengthSchedulers.OPTIMUS_LAST_SLOT_POSTERIOR),
          LengthSchedulers.IA_GREEDY_POSTERIOR,
          LengthSchedulers.IA_GREEDY_MULTISTEP_POSTERIOR);

  /**
   * Added under estimated lengths: the baselines that read the same estimates through the posterior
   * (docs/job-lengths.md), Gittins, which reads none, and the length-oracle greedy, named as an
   * oracle.
   */
  static final List<String> ESTIMATED_REFERENCES =
      concat(
          POSTERIOR_REFERENCES,
          List.of(
              consolidated(LengthSchedulers.GITTINS),
              consolidated(LengthSchedulers.OPTIMUS_REMAINING_ORACLE)));

  /** Under unknown lengths: the baselines that read no length, the posterior ones on the prior. */
  static final List<String> UNKNOWN_REFERENCES =
      concat(
          List.of(
              Schedulers.DRF,
              Schedulers.TIRESIAS,
              consolidated(Schedulers.TIRESIAS),
              LengthSchedulers.GITTINS,
              consolidated(LengthSchedulers.GITTINS),
              consolidated(LengthSchedulers.EQUI)),
          POSTERIOR_REFERENCES);

  /**
   * @param bestTestJct mean average JCT of best.policy on the test traces
   * @param finalTestJct the same for final.policy
   * @param placement where the checkpoints' tasks went, as in training; null for least-loaded (so
   *     the default's file is as before placements)
   * @param references each reference heuristic's mean average JCT on the same traces
   */
  public record Result(
      String preset,
      long seed,
      int testTraces,
      String reward,
      boolean oracle,
      @JsonInclude(JsonInclude.Include.NON_NULL) String placement,
      long bestStep,
      double bestValidationJct,
      double bestTestJct,
      long finalStep,
      double finalTestJct,
      Map<String, Double> references) {
    /** The checkpoints' row name, as compare names it: {@code dl2}, or {@code dl2@PLACEMENT}. */
    public String policyName() {
      return new SchedulerName(SchedulerCatalog.POLICY, Optional.ofNullable(placement)).toString();
    }
  }

  private TestEvaluation() {}

  /**
   * The test traces of a run on {@code budget}: as many as it validates on, under its seed, seen as
   * its schedulers see lengths.
   */
  public static Evaluation of(RunBudget budget) {
    return Evaluation.generated(
            budget.preset(),
            SimulationConfig.of(budget.preset()),
            FittedOptimusSpeed.INSTANCE,
            budget.seed(),
            TraceSet.TEST,
            budget.validationTraces(),
            SchedulerCatalog.baselines(0))
        .withLengths(budget.lengths());
  }

  private static List<String> concat(List<String> first, List<String> second) {
    return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
  }

  /** {@code scheduler} under Optimus' consolidating placement. */
  private static String consolidated(String scheduler) {
    return SchedulerName.of(scheduler).withPlacement(FewestNodes.NAME).toString();
  }

  /**
   * Evaluates {@code outDir}'s best.policy and final.policy on {@code test}, next to the reference
   * heuristics, and writes {@code outDir/summary.json}; the checkpoints run under {@code
   * placement}. {@code onRun} is called after each of the {@link #runs} simulations.
   */
  public static Result run(
      Evaluation test,
      String reward,
      boolean oracle,
      String placement,
      int threads,
      Path outDir,
      double bestValidationJct,
      Runnable onRun) {
    PolicyFile best = PolicyFile.load(outDir.resolve("best.policy"));
    PolicyFile last = PolicyFile.load(outDir.resolve("final.policy"));
    Map<String, Double> references = new LinkedHashMap<>();
    for (String name : references(test.lengths())) {
      references.put(name, meanAverageJct(test, name, threads, onRun));
    }
    SchedulerName name = SchedulerName.of(SchedulerCatalog.POLICY).withPlacement(placement);
    Result result =
        new Result(
            test.preset().name(),
            test.baseSeed(),
            test.traces().size(),
            reward,
            oracle,
            name.placement().orElse(null),
            best.training().step(),
            bestValidationJct,
            jct(test, best, name.toString(), threads, onRun),
            last.training().step(),
            jct(test, last, name.toString(), threads, onRun),
            references);
    try {
      AtomicFiles.writeString(
          outDir.resolve(FILE),
          Json.pretty()
                  .writeValueAsString(
                      Provenance.stamped(
                          "test-summary", 1, (ObjectNode) Json.mapper().valueToTree(result)))
              + "\n");
    } catch (IOException e) {
      throw new InputException("cannot write " + outDir.resolve(FILE) + ": " + e.getMessage());
    }
    return result;
  }

  /**
   * The policy's mean average JCT on the test traces, greedily decoded, as scheduler {@code name}
   * (dl2, or placed).
   */
  private static double jct(
      Evaluation test, PolicyFile policy, String name, int threads, Runnable onRun) {
    return meanAverageJct(
        test.withPolicy(Optional.of(policy), Decoding.GREEDY), name, threads, onRun);
  }

  /** The reference heuristics of a run whose schedulers know lengths as {@code lengths} says. */
  static List<String> references(LengthSetting lengths) {
    return switch (lengths.knowledge()) {
      case EXACT -> REFERENCES;
      case ESTIMATED -> concat(REFERENCES, ESTIMATED_REFERENCES);
      case UNKNOWN -> UNKNOWN_REFERENCES;
    };
  }

  /** How many simulations {@link #run} makes on {@code test}. */
  public static long runs(Evaluation test) {
    return (long) (references(test.lengths()).size() + 2) * test.traces().size();
  }

  /** A scheduler's mean average JCT on {@code test}, calling {@code onRun} after each trace. */
  private static double meanAverageJct(
      Evaluation test, String scheduler, int threads, Runnable onRun) {
    return BatchRunner.meanAverageJct(
        test.run(scheduler, threads, onRun).stream().map(RecordedSimulation::result).toList());
  }
}

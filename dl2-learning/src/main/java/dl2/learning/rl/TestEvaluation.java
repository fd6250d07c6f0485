package dl2.learning.rl;

import dl2.io.AtomicFiles;
import dl2.io.InputException;
import dl2.io.Json;
import dl2.learning.file.PolicyEvaluation;
import dl2.learning.file.PolicyFile;
import dl2.learning.policy.Decoding;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.BatchRunner;
import dl2.simulation.SimulatedClusters;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The honest number of a training run: once it ends, its best checkpoint (picked on the
 * validation traces) and its final one run greedily on TEST traces, which neither trained nor
 * picked anything, next to the reference heuristics on the same traces. Written to
 * {@code summary.json}; the traces and seeds are the ones {@code dl2 compare} uses for the test
 * set, so its numbers match.
 */
public final class TestEvaluation {
  public static final String FILE = "summary.json";
  /** Heuristics run on the same test traces for reference. */
  public static final List<String> REFERENCES = List.of("drf", "optimus", "optimus-fitted", "optimus-remaining", "tiresias");
  /** compare's stream of Optimus seeds under the base seed (only its estimation error uses it). */
  private static final long OPTIMUS_SEED_STREAM = 0x0971;

  /**
   * @param bestTestJct mean average JCT of best.policy on the test traces
   * @param finalTestJct the same for final.policy
   * @param references each reference heuristic's mean average JCT on the same traces
   */
  public record Result(String preset, long seed, int testTraces, String reward, boolean oracle, long bestStep,
      double bestValidationJct, double bestTestJct, long finalStep, double finalTestJct, Map<String, Double> references) {}

  private TestEvaluation() {}

  /** Evaluates {@code outDir}'s best.policy and final.policy and writes {@code outDir/summary.json}. */
  public static Result run(RlConfig config, SimulatedClusters clusters, Path outDir, double bestValidationJct) {
    long seed = config.seed();
    List<Trace> test = TraceSets.test(config.preset(), seed, config.validationTraces());
    PolicyFile best = PolicyFile.load(outDir.resolve("best.policy"));
    PolicyFile last = PolicyFile.load(outDir.resolve("final.policy"));
    Map<String, Double> references = new LinkedHashMap<>();
    for (String name : REFERENCES) {
      references.put(name, BatchRunner.meanAverageJct(clusters.run(test,
          i -> Schedulers.baseline(name, 0, Rng.derive(seed, OPTIMUS_SEED_STREAM, i)), i -> simulatorSeed(seed, i),
          config.threads())));
    }
    Result result = new Result(config.preset().name(), seed, test.size(), config.rewardName(),
        config.reward().usesOracle(), best.training().step(), bestValidationJct, jct(best, clusters, test, seed, config),
        last.training().step(), jct(last, clusters, test, seed, config), references);
    try {
      AtomicFiles.writeString(outDir.resolve(FILE), Json.pretty().writeValueAsString(result) + "\n");
    } catch (IOException e) {
      throw new InputException("cannot write " + outDir.resolve(FILE) + ": " + e.getMessage());
    }
    return result;
  }

  private static double jct(PolicyFile policy, SimulatedClusters clusters, List<Trace> test, long seed, RlConfig config) {
    return BatchRunner.meanAverageJct(PolicyEvaluation.run(policy, clusters, test, i -> simulatorSeed(seed, i), Decoding.GREEDY, seed, config.threads()));
  }

  private static long simulatorSeed(long seed, int index) {
    return TraceSets.simulatorSeed(seed, TraceSet.TEST, 0, index);
  }
}

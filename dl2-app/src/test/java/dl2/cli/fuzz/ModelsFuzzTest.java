package dl2.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of --models, as {@link FuzzTest} does for the other inputs: a mutated models file,
 * sometimes with a mutated trace naming its models, run by simulate or compare. Every case must
 * exit 0, 2 with one line, or 1 at a documented bound, with no stack trace or class name.
 */
class ModelsFuzzTest {
  private static final int CASES = 150;
  private static final String MODELS =
      """
      model,epoch_size,worker_cores,worker_gpus,ps_cores,ps_gpus,a,b,c,d,e
      bert-base,200,4,1,2,0,5e-3,1e-2,1e-2,3e-4,0
      tabnet,150,2,0,1,0,7e-3,2e-3,1e-3,1e-4,1e-5
      """;
  private static final String TRACE =
      """
      job_id,submit_time_s,model,epochs
      0,0,bert-base,300
      1,200,tabnet,500
      2,400,resnet-50,200
      3,900,TabNet,100
      """;

  @Test
  void noModelsFileGivesAStackTraceAnotherExitCodeOrAPartialFile(@TempDir Path root)
      throws IOException {
    long seed = Long.getLong("dl2.fuzz.seed", 13);
    List<String> failures = new ArrayList<>();
    Map<Integer, Integer> exitCodes = new TreeMap<>();
    for (int i = 0; i < CASES; i++) {
      Mutations m = new Mutations(new Rng(Rng.hash(seed, 1_000_000 + i)));
      Path dir = Files.createDirectories(root.resolve("case-" + i));
      Path models = FuzzInputs.write(dir.resolve("models.csv"), m.text(MODELS, ','));
      Path trace =
          FuzzInputs.write(dir.resolve("trace.csv"), m.chance(0.3) ? m.text(TRACE, ',') : TRACE);
      List<String> args =
          new ArrayList<>(
              m.chance(0.15)
                  ? List.of(
                      "compare",
                      "--workload",
                      "paper-testbed",
                      "--no-policy",
                      "--out",
                      dir.resolve("report").toString())
                  : List.of(
                      "simulate",
                      "--workload",
                      "paper-testbed",
                      "--scheduler",
                      m.pick(FuzzCases.SCHEDULERS),
                      "--json",
                      dir.resolve("out.json").toString()));
      args.addAll(List.of("--trace", trace.toString(), "--models", models.toString()));
      FuzzCase fuzz = new FuzzCase(i, "models", dir, args);
      FuzzCase.Outcome outcome = fuzz.run();
      exitCodes.merge(outcome.exitCode(), 1, Integer::sum);
      if (!outcome.problems().isEmpty()) {
        failures.add(
            fuzz
                + ": exit "
                + outcome.exitCode()
                + ": "
                + outcome.problems()
                + "\n  "
                + outcome.err().strip());
      }
    }
    assertThat(failures).isEmpty();
    // Both valid and refused declarations were reached, not only one kind.
    assertThat(exitCodes).as("exit codes").containsKeys(0, 2);
    System.out.println("models fuzz: " + CASES + " cases, exit codes " + exitCodes);
  }
}

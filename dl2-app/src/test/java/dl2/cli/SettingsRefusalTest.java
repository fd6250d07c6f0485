package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code IllegalArgumentException} a settings record's constructor can throw, walked one by
 * one: the command line refuses each combination that would reach it first, in one line naming the
 * option and its value, with exit code 2 and before any output is written; or no option can reach
 * it (the reason is given). The walk counts the throws in each record's source, so a new check
 * without a row here fails.
 */
class SettingsRefusalTest {
  /**
   * One throw of a record, by its order in the source: the command lines that would reach it, or
   * why none can.
   */
  record Refusal(
      String record, int throwIndex, String flag, List<String> args, String unreachable) {}

  /** Each record's source, from the repository root. */
  private static final Map<String, String> SOURCES =
      Map.of(
          "RunBudget", "dl2-learning/src/main/java/dl2/learning/run/RunBudget.java",
          "ActorCritic", "dl2-learning/src/main/java/dl2/learning/rl/ActorCritic.java",
          "Jct", "dl2-learning/src/main/java/dl2/learning/rl/Jct.java",
          "SupervisedConfig", "dl2-learning/src/main/java/dl2/learning/sl/SupervisedConfig.java",
          "WarmUp", "dl2-harness/src/main/java/dl2/training/WarmUp.java",
          "PolicySettings", "dl2-learning/src/main/java/dl2/learning/file/PolicySettings.java",
          "Budget", "dl2-app/src/main/java/dl2/experiment/Budget.java",
          "ControllerConfig",
              "dl2-kubernetes/src/main/java/dl2/kubernetes/controller/ControllerConfig.java",
          "SweepSpec", "dl2-kubernetes/src/main/java/dl2/kubernetes/sweep/SweepSpec.java",
          "SimulationConfig", "dl2-simulation/src/main/java/dl2/simulation/SimulationConfig.java");

  private static final Pattern THROW = Pattern.compile("throw new IllegalArgumentException");

  @TempDir Path dir;

  private List<Refusal> refusals() {
    List<Refusal> all = new ArrayList<>();
    all.add(train("RunBudget", 1, "--steps", "--steps", "0"));
    all.add(trainSl("RunBudget", 1, "--steps", "--steps", "0"));
    all.add(train("RunBudget", 2, "--validate-every", "--validate-every", "0"));
    all.add(train("RunBudget", 3, "--validation-traces", "--validation-traces", "0"));
    all.add(
        none(
            "RunBudget",
            4,
            "the training traces are the recipe's 100 in train, train-sl and every study"));
    all.add(train("RunBudget", 5, "--threads", "--threads", "0"));
    all.add(train("ActorCritic", 1, "--agents", "--agents", "0"));
    all.add(train("ActorCritic", 2, "--agents", "--agents", "300"));
    all.add(train("ActorCritic", 3, "--replay-size", "--replay-size", "2"));
    all.add(train("ActorCritic", 3, "--replay-size", "--agents", "2", "--replay-size", "127"));
    all.add(train("ActorCritic", 4, "--lr", "--lr", "0"));
    all.add(train("ActorCritic", 4, "--lr", "--lr", "Infinity"));
    all.add(train("ActorCritic", 5, "--entropy", "--entropy", "-1"));
    all.add(
        train(
            "ActorCritic",
            6,
            "--returns",
            "--reward",
            "observed-marginals",
            "--returns",
            "discounted"));
    all.add(train("Jct", 1, "--lr", "--objective", "jct", "--lr", "-1"));
    all.add(train("Jct", 2, "--entropy", "--objective", "jct", "--entropy", "NaN"));
    all.add(train("Jct", 3, "--rollouts", "--objective", "jct", "--rollouts", "1"));
    all.add(train("Jct", 4, "--horizon", "--objective", "jct", "--horizon", "0"));
    all.add(train("Jct", 5, "--horizon-growth", "--objective", "jct", "--horizon-growth", "-1"));
    all.add(train("Jct", 6, "--clip", "--objective", "jct", "--clip", "1"));
    all.add(train("Jct", 7, "--epochs", "--objective", "jct", "--epochs", "0"));
    all.add(none("Jct", 8, "the minibatch is the objective's constant"));
    all.add(train("Jct", 9, "--samples", "--objective", "jct", "--samples", "0"));
    all.add(trainSl("SupervisedConfig", 1, "--lr", "--lr", "0"));
    all.add(none("SupervisedConfig", 2, "the warm-up's batch is the paper's constant"));
    all.add(none("SupervisedConfig", 3, "the warm-up's replay is the paper's constant"));
    all.add(train("WarmUp", 1, "--sl-steps", "--sl-steps", "-1"));
    all.add(
        none(
            "WarmUp",
            2,
            "train's warm-up validates every tenth of its steps (at least 1), a study's every fifth"));
    all.add(
        none(
            "WarmUp",
            3,
            "the warm-up's validation traces are the default 10, or a study's --validation-traces"));
    all.add(none("PolicySettings", 1, "the encoding converter gives one of the encodings"));
    all.add(train("PolicySettings", 2, "--window", "--window", "0"));
    all.add(train("PolicySettings", 2, "--window", "--encoding", "placed", "--window", "400"));
    all.add(
        none(
            "PolicySettings",
            3,
            "the placed encoding's window is a count of jobs times the kinds of node"));
    all.add(none("PolicySettings", 4, "the task cap is the preset's"));
    all.add(none("PolicySettings", 5, "the epoch scale is the preset's"));
    all.add(train("PolicySettings", 6, "--hidden", "--hidden", "0"));
    all.add(train("PolicySettings", 6, "--layers", "--layers", "17"));
    all.add(
        none(
            "PolicySettings",
            7,
            "train-sl refuses --residual with --slot-start-bundle, so a residual policy starts from"
                + " 0/0"));
    all.add(experiment("Budget", 1, "--validate-every", "--validate-every", "0"));
    all.add(experiment("Budget", 1, "--sl-steps", "--sl-steps", "-3"));
    all.add(
        run(
            "ControllerConfig",
            1,
            "--slot-seconds",
            "controller",
            "--once",
            "--master",
            "http://127.0.0.1:1",
            "--slot-seconds",
            "0"));
    all.add(
        run(
            "ControllerConfig",
            2,
            "--task-cap",
            "controller",
            "--once",
            "--master",
            "http://127.0.0.1:1",
            "--task-cap",
            "2000"));
    all.add(
        run(
            "ControllerConfig",
            3,
            "--not-ready-grace",
            "controller",
            "--once",
            "--master",
            "http://127.0.0.1:1",
            "--not-ready-grace",
            "-1"));
    all.add(
        train("SweepSpec", 1, "--shards", "--seeds", "1,2", "--on-kubernetes", "--shards", "0"));
    all.add(
        train("SweepSpec", 1, "--retries", "--seeds", "1,2", "--on-kubernetes", "--retries", "-1"));
    all.add(none("SimulationConfig", 1, "every command sets the scaling cost"));
    all.add(none("SimulationConfig", 2, "every command sets the world"));
    all.add(none("SimulationConfig", 3, "the task cap is the preset's"));
    all.add(none("SimulationConfig", 4, "the slot length is the preset's"));
    all.add(
        run(
            "SimulationConfig",
            5,
            "--speed-noise",
            "simulate",
            "--workload",
            "paper-testbed",
            "--traces",
            "1",
            "--scheduler",
            "drf",
            "--speed-noise",
            "1"));
    all.add(none("SimulationConfig", 6, "the slot limit is the simulator's constant"));
    return all;
  }

  @Test
  void everyRefusalOfASettingsRecordIsAOneLineInputErrorBeforeAnyWork() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Refusal refusal : refusals()) {
      if (refusal.args() == null) {
        continue;
      }
      CliRun run = CliRun.of(refusal.args().toArray(String[]::new));
      String err = run.err().strip();
      String line =
          refusal.record()
              + " #"
              + refusal.throwIndex()
              + " "
              + String.join(" ", refusal.args())
              + ": exit "
              + run.exitCode()
              + ", "
              + err;
      if (run.exitCode() != 2
          || err.contains("\n")
          || !err.startsWith("dl2: ")
          || !err.contains(refusal.flag())
          || err.contains("internal error")
          || err.contains("Exception")
          || Files.exists(dir.resolve("out"))) {
        problems.add(line);
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void theWalkHasARowForEveryThrowOfEveryRecord() throws IOException {
    Map<String, TreeSet<Integer>> covered = new TreeMap<>();
    refusals()
        .forEach(
            r -> covered.computeIfAbsent(r.record(), k -> new TreeSet<>()).add(r.throwIndex()));
    Path root = Path.of("..").toAbsolutePath().normalize();
    for (Map.Entry<String, String> source : SOURCES.entrySet()) {
      Matcher m = THROW.matcher(Files.readString(root.resolve(source.getValue())));
      int throwsInSource = (int) m.results().count();
      assertThat(covered.get(source.getKey()))
          .as(source.getKey())
          .containsExactlyElementsOf(IntStream.rangeClosed(1, throwsInSource).boxed().toList());
    }
  }

  private Refusal train(String record, int index, String flag, String... args) {
    List<String> line =
        new ArrayList<>(
            List.of(
                "train", "--workload", "paper-testbed", "--out", dir.resolve("out").toString()));
    line.addAll(
        cheap(
            List.of(
                "--steps",
                "1",
                "--sl-steps",
                "0",
                "--validation-traces",
                "1",
                "--hidden",
                "8",
                "--layers",
                "1",
                "--threads",
                "1"),
            args));
    return new Refusal(record, index, flag, line, null);
  }

  private Refusal trainSl(String record, int index, String flag, String... args) {
    List<String> line =
        new ArrayList<>(
            List.of(
                "train-sl", "--workload", "paper-testbed", "--out", dir.resolve("out").toString()));
    line.addAll(
        cheap(
            List.of(
                "--steps",
                "1",
                "--validation-traces",
                "1",
                "--hidden",
                "8",
                "--layers",
                "1",
                "--threads",
                "1"),
            args));
    return new Refusal(record, index, flag, line, null);
  }

  private Refusal experiment(String record, int index, String flag, String... args) {
    List<String> line =
        new ArrayList<>(
            List.of(
                "experiment",
                "ablation-replay",
                "--quick",
                "--workload",
                "paper-testbed",
                "--out",
                dir.resolve("out").toString()));
    line.addAll(
        cheap(
            List.of(
                "--steps",
                "1",
                "--sl-steps",
                "1",
                "--validate-every",
                "1",
                "--validation-traces",
                "1",
                "--threads",
                "1"),
            args));
    return new Refusal(record, index, flag, line, null);
  }

  private static Refusal run(String record, int index, String flag, String... args) {
    return new Refusal(record, index, flag, List.of(args), null);
  }

  private static Refusal none(String record, int index, String reason) {
    return new Refusal(record, index, null, null, reason);
  }

  /** {@code args} after the cheap defaults it does not set itself (an option may be given once). */
  private static List<String> cheap(List<String> defaults, String... args) {
    List<String> given = Arrays.asList(args);
    List<String> line = new ArrayList<>();
    for (int i = 0; i < defaults.size(); i += 2) {
      if (!given.contains(defaults.get(i))) {
        line.addAll(defaults.subList(i, i + 2));
      }
    }
    line.addAll(given);
    return line;
  }
}

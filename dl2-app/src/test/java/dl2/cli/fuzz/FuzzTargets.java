package dl2.cli.fuzz;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fuzz categories aimed at issue 36's two escapes: {@code train}'s option combinations (replay,
 * agents, window, step counts, objective and reward), which every settings record must see refused
 * in the flags' words before training starts; and long, invalid and unwritable output paths for
 * every command that writes files, which must be refused before any work, by the check of that flag
 * (a failure to write after the work names no flag first).
 */
final class FuzzTargets {
  /** A name longer than the file systems hold (255 bytes). */
  private static final String LONG_NAME = "n".repeat(300);

  private FuzzTargets() {}

  static FuzzCase trainCombination(int index, Path dir, Mutations m) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--workload",
                "paper-testbed",
                "--out",
                dir.resolve("out").toString(),
                "--validation-traces",
                "1",
                "--hidden",
                "8",
                "--layers",
                "1",
                "--threads",
                "1",
                "--seed",
                "5"));
    args.addAll(List.of("--steps", m.pick(List.of("1", "2", "0", "-1"))));
    args.addAll(List.of("--sl-steps", m.pick(List.of("0", "0", "1", "-1"))));
    String agents = m.pick(List.of("1", "1", "2", "3", "0", "257"));
    args.addAll(List.of("--agents", agents));
    if (m.chance(0.7)) {
      args.addAll(
          List.of(
              "--replay-size",
              m.pick(
                  List.of(
                      "1", "2", "85", "86", "127", "128", "255", "256", "8192", "0", "-1",
                      "1048577"))));
    }
    if (m.chance(0.4)) {
      args.addAll(
          List.of("--window", m.pick(List.of("1", "2", "333", "334", "1000", "1001", "0"))));
    }
    if (m.chance(0.3)) {
      args.addAll(
          List.of("--encoding", m.pick(List.of("placed", "paper", "original", "observed"))));
    }
    if (m.chance(0.4)) {
      args.addAll(List.of("--validate-every", m.pick(List.of("1", "2", "3", "0"))));
    }
    if (m.chance(0.3)) {
      args.addAll(
          List.of(
              "--reward",
              m.pick(List.of("slot", "per-job", "observed-marginals", "oracle-marginal"))));
    }
    if (m.chance(0.3)) {
      args.addAll(List.of("--returns", m.pick(List.of("immediate", "discounted"))));
    }
    if (m.chance(0.2)) {
      args.addAll(List.of("--marginal-value", m.pick(List.of("work", "time", "time-per-task"))));
    }
    if (m.chance(0.2)) {
      args.addAll(List.of("--lr", m.pick(List.of("0", "-1", "1e-3", "NaN", "Infinity"))));
    }
    if (m.chance(0.2)) {
      args.addAll(
          List.of(
              "--objective",
              "jct",
              "--horizon",
              m.pick(List.of("1", "5", "0")),
              "--rollouts",
              m.pick(List.of("2", "1", "0")),
              "--samples",
              m.pick(List.of("1", "16", "0")),
              "--clip",
              m.pick(List.of("0.2", "0", "1"))));
    }
    if (m.chance(0.15)) {
      args.addAll(
          List.of("--placement", m.pick(List.of("fewest-nodes", "least-loaded", "nowhere"))));
    }
    return new FuzzCase(index, "train", dir, args);
  }

  /** A command that writes files, with one of its output options set to a path it cannot write. */
  static FuzzCase output(int index, Path dir, Mutations m, Path trace) throws IOException {
    List<List<String>> writers =
        List.of(
            List.of(
                "simulate",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--scheduler",
                "drf",
                "--json",
                "FILE"),
            List.of(
                "simulate",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--scheduler",
                "drf",
                "--jobs-csv",
                "FILE"),
            List.of(
                "simulate",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--scheduler",
                "drf",
                "--slots-csv",
                "FILE"),
            List.of(
                "compare",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--no-policy",
                "--out",
                "DIR"),
            List.of(
                "train",
                "--workload",
                "paper-testbed",
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
                "1",
                "--out",
                "DIR"),
            List.of(
                "train-sl",
                "--workload",
                "paper-testbed",
                "--steps",
                "1",
                "--validation-traces",
                "1",
                "--hidden",
                "8",
                "--layers",
                "1",
                "--threads",
                "1",
                "--out",
                "DIR"),
            List.of(
                "experiment",
                "ablation-replay",
                "--quick",
                "--workload",
                "paper-testbed",
                "--steps",
                "1",
                "--sl-steps",
                "1",
                "--validate-every",
                "1",
                "--validation-traces",
                "1",
                "--threads",
                "1",
                "--out",
                "DIR"),
            List.of("convert", trace.toString(), "--from", "tiresias", "--out", "FILE"),
            List.of(
                "convert",
                trace.toString(),
                "--from",
                "tiresias",
                "--split",
                "train",
                "--out-dir",
                "DIR"),
            List.of(
                "cluster-emulator",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--scheduler",
                "drf",
                "--pace",
                "0",
                "--json",
                "FILE"),
            List.of(
                "cluster-emulator",
                "--workload",
                "paper-testbed",
                "--traces",
                "1",
                "--scheduler",
                "drf",
                "--pace",
                "0",
                "--shadow",
                "DIR"),
            List.of("controller", "--once", "--master", "http://127.0.0.1:1", "--shadow", "DIR"),
            List.of(
                "calibrate-world", "--traces", dir.resolve("empty").toString(), "--out", "FILE"));
    List<String> base = m.pick(writers);
    boolean directory = base.contains("DIR");
    String bad =
        m.pick(
            List.of(
                dir.resolve(LONG_NAME).toString(),
                dir.resolve(LONG_NAME + ".json").toString(),
                dir.resolve("missing").resolve(LONG_NAME).resolve("x.json").toString(),
                dir.resolve(("p".repeat(200) + "/").repeat(25) + "x").toString(),
                dir.resolve("sentinel.txt").resolve("child").toString(),
                directory
                    ? dir.resolve("sentinel.txt").toString()
                    : dir.resolve("empty").toString(),
                "/proc/dl2-fuzz-" + index + (directory ? "" : ".json"),
                "/sys/dl2-fuzz-" + index,
                "/",
                "a\u0000b"));
    List<String> args = new ArrayList<>();
    String flag = null;
    for (int i = 0; i < base.size(); i++) {
      String arg = base.get(i);
      if (arg.equals("FILE") || arg.equals("DIR")) {
        flag = base.get(i - 1);
        args.add(bad);
      } else {
        args.add(arg);
      }
    }
    return new FuzzCase(index, "output", dir, args, flag);
  }
}

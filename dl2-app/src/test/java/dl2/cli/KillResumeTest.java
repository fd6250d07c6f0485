package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.Rng;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} at random moments, then {@code --resume}: training runs as a real process
 * (paper-testbed, a checkpoint every 2 steps), is killed with SIGKILL at seeded random moments at
 * least {@link #KILLS} times, resumed after each, and must end with the very bytes of a run that
 * was never interrupted. {@code -Ddl2.kill.repeat=N} repeats the scenario N times with N seeds
 * (docs/robustness.md records the 20-fold loop).
 */
class KillResumeTest {
  static final int KILLS = 5;
  private static final List<String> RUN =
      List.of(
          "train",
          "--workload",
          "paper-testbed",
          "--steps",
          "40",
          "--sl-steps",
          "0",
          "--validate-every",
          "2",
          "--validation-traces",
          "1",
          "--threads",
          "1",
          "--hidden",
          "16",
          "--layers",
          "1",
          "--seed",
          "7");
  private static final List<String> OUTPUTS =
      List.of("best.policy", "final.policy", "rl-curve.csv");

  @Test
  void trainingKilledAtRandomMomentsResumesToTheFilesOfAnUninterruptedRun(@TempDir Path dir)
      throws Exception {
    long started = System.nanoTime();
    assertThat(dl2(dir.resolve("reference"), false).waitFor()).as("uninterrupted run").isZero();
    long referenceMillis = (System.nanoTime() - started) / 1_000_000;
    int repeat = Integer.getInteger("dl2.kill.repeat", 1);
    for (int r = 0; r < repeat; r++) {
      long scenarioStart = System.nanoTime();
      Rng rng = new Rng(Rng.hash(2026, r));
      int kills = 0;
      // A run that finishes before its kill still counts: it is checked, and a fresh one takes the
      // next kills.
      for (int attempt = 0; kills < KILLS; attempt++) {
        assertThat(attempt).as("runs needed for " + KILLS + " kills").isLessThan(10);
        Path out = dir.resolve("killed-" + r + "-" + attempt);
        kills += killAndResume(out, referenceMillis, rng, KILLS - kills);
        for (String name : OUTPUTS) {
          assertThat(Files.readAllBytes(out.resolve(name)))
              .as(name + " of " + out.getFileName())
              .isEqualTo(Files.readAllBytes(dir.resolve("reference").resolve(name)));
        }
        assertThat(leftovers(out)).as("temporary files left behind").isEmpty();
      }
      System.out.printf(
          java.util.Locale.ROOT,
          "kill scenario %d/%d: %d SIGKILLs, resumed to identical files in %.1f s%n",
          r + 1,
          repeat,
          kills,
          (System.nanoTime() - scenarioStart) / 1e9);
    }
  }

  /**
   * Starts the run and kills it after a random fraction of an uninterrupted run's time, resuming
   * after each kill, up to {@code wanted} kills; then lets the last resume finish. Returns the
   * number of kills, fewer if a run finished before its kill.
   */
  private static int killAndResume(Path out, long referenceMillis, Rng rng, int wanted)
      throws Exception {
    int kills = 0;
    boolean resume = false;
    while (kills < wanted) {
      Process process = dl2(out, resume);
      long delay = (long) (referenceMillis * (0.1 + 0.4 * rng.nextDouble()));
      if (process.waitFor(delay, TimeUnit.MILLISECONDS)) {
        assertThat(process.exitValue()).as("a run that was not killed").isZero();
        return kills;
      }
      process.destroyForcibly(); // SIGKILL
      process.waitFor();
      kills++;
      resume = true;
    }
    assertThat(dl2(out, true).waitFor()).as("the last resume").isZero();
    return kills;
  }

  /** {@code dl2 train ... --out OUT [--resume]} in its own JVM, output discarded. */
  private static Process dl2(Path out, boolean resume) throws IOException {
    List<String> args = new ArrayList<>(RUN);
    args.addAll(List.of("--out", out.toString()));
    if (resume) {
      args.add("--resume");
    }
    return Dl2Process.start(args, ProcessBuilder.Redirect.DISCARD);
  }

  private static List<Path> leftovers(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files
          .filter(
              p ->
                  p.getFileName().toString().endsWith(".tmp")
                      || p.getFileName().toString().endsWith(".next"))
          .toList();
    }
  }
}

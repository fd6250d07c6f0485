package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM during training names the last checkpoint and the exact command that continues it; that
 * command says where it resumed.
 */
class InterruptMessageTest {
  private static final List<String> RUN =
      List.of(
          "train",
          "--workload",
          "paper-testbed",
          "--steps",
          "100000",
          "--sl-steps",
          "0",
          "--validate-every",
          "2",
          "--validation-traces",
          "1",
          "--threads",
          "1",
          "--hidden",
          "8",
          "--layers",
          "1",
          "--seed",
          "3");

  @Test
  void aStoppedRunSaysHowToContinueAndTheResumeSaysWhereItStarts(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("run");
    Path err = dir.resolve("err.txt");
    List<String> args = new ArrayList<>(RUN);
    args.addAll(List.of("--out", out.toString(), "--force"));
    Process run = dl2(args, err);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!Files.exists(out.resolve("checkpoint")) && System.nanoTime() < deadline) {
      assertThat(run.isAlive()).as("the run is still going").isTrue();
      Thread.sleep(100);
    }
    run.destroy(); // SIGTERM
    assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();

    String said = Files.readString(err);
    String resume =
        "./dl2 " + String.join(" ", RUN) + " --out " + out + " --resume"; // --force dropped
    assertThat(said).containsPattern("dl2: stopped; the last checkpoint is at step \\d+ of 100000");
    assertThat(said).contains("; continue with: " + resume);
    long step =
        Long.parseLong(said.replaceAll("(?s).*the last checkpoint is at step (\\d+) of.*", "$1"));

    List<String> again = new ArrayList<>(RUN);
    again.set(again.indexOf("100000"), String.valueOf(step + 2)); // one more checkpoint, then done
    again.addAll(List.of("--out", out.toString(), "--resume"));
    Process resumed = dl2(again, dir.resolve("resumed.txt"));
    assertThat(resumed.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(Files.readString(dir.resolve("resumed.txt")))
        .contains("dl2: resumed at step " + step + " of " + (step + 2));
  }

  private static Process dl2(List<String> args, Path err) throws IOException {
    return Dl2Process.start(args, ProcessBuilder.Redirect.to(err.toFile()));
  }
}

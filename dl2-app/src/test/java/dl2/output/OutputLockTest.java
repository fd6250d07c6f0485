package dl2.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputLockTest {
  @TempDir Path dir;

  @Test
  void aSecondCommandOnTheSameDirectoryIsToldWhoHoldsIt() {
    Path out = dir.resolve("run");
    try (OutputLock held = OutputLock.acquire(out, "dl2 train --out run")) {
      assertThatThrownBy(() -> OutputLock.acquire(out, "dl2 train --out run --seed 2"))
          .isInstanceOf(InputException.class)
          .hasMessageContaining("is in use by pid " + ProcessHandle.current().pid())
          .hasMessageContaining("(dl2 train --out run, since ")
          .hasMessageNotContaining("\n");
      assertThat(OutputLock.fileOf(out)).isEqualTo(dir.resolve(".run.lock"));
    }
    assertThat(dir.resolve(".run.lock")).as("deleted when released").doesNotExist();
    try (OutputLock again = OutputLock.acquire(out, "dl2 train --out run --seed 2")) {
      assertThat(dir.resolve(".run.lock")).exists();
    }
  }

  @Test
  void directoriesMadeForTheLockGoWithItWhenNothingWasWritten() {
    Path out = dir.resolve("a").resolve("b").resolve("run");
    OutputLock.acquire(out, "dl2 train --out a/b/run").close();
    assertThat(dir.resolve("a")).doesNotExist();
  }

  @Test
  void anotherProcessHoldsItUntilItIsKilled() throws Exception {
    Path out = dir.resolve("report");
    Process holder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Holder.class.getName(),
                out.toString())
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader lines =
          new BufferedReader(
              new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertThat(lines.readLine()).isEqualTo("locked");
      assertThatThrownBy(() -> OutputLock.acquire(out, "dl2 compare --out report"))
          .hasMessageContaining("is in use by pid " + holder.pid())
          .hasMessageContaining("(holder test");
      holder.destroyForcibly(); // SIGKILL: the lock file stays, the lock does not
      holder.waitFor();
      assertThat(OutputLock.fileOf(out)).exists();
      try (OutputLock won = OutputLock.acquire(out, "dl2 compare --out report")) {
        assertThat(Files.readString(OutputLock.fileOf(out)))
            .contains("pid " + ProcessHandle.current().pid());
      }
    } finally {
      holder.destroyForcibly();
    }
  }

  /** Holds the lock of {@code args[0]} until killed. */
  public static final class Holder {
    public static void main(String[] args) throws InterruptedException {
      OutputLock.acquire(Path.of(args[0]), "holder test");
      System.out.println("locked");
      System.out.flush();
      Thread.sleep(60_000);
    }
  }
}

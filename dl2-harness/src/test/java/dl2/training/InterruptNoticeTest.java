package dl2.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class InterruptNoticeTest {
  @Test
  void theResumeCommandDropsForceAddsResumeAndQuotes() {
    assertThat(
            InterruptNotice.resumeCommand(
                List.of("train", "--workload", "paper-dense", "--out", "my run", "--force")))
        .isEqualTo("./dl2 train --workload paper-dense --out 'my run' --resume");
    assertThat(InterruptNotice.resumeCommand(List.of("train", "--out=x", "--resume")))
        .isEqualTo("./dl2 train --out=x --resume");
    assertThat(InterruptNotice.resumeCommand(List.of("train", "--out", "it's")))
        .isEqualTo("./dl2 train --out 'it'\\''s' --resume");
  }

  @Test
  void namesTheLastCheckpointAndTheCommand() {
    assertThat(
            InterruptNotice.message(OptionalLong.of(600), 2000, "./dl2 train --resume", true, ""))
        .isEqualTo(
            "stopped; the last checkpoint is at step 600 of 2000; continue with: ./dl2 train --resume");
    assertThat(
            InterruptNotice.message(OptionalLong.empty(), 2000, "./dl2 train --resume", true, ""))
        .isEqualTo(
            "stopped before the first checkpoint; rerun with: ./dl2 train --resume"
                + " (it starts over, reusing a finished warm-up)");
    assertThat(
            InterruptNotice.message(
                OptionalLong.of(40), 100, "x", false, "asynchronous runs cannot be resumed"))
        .isEqualTo(
            "stopped after the checkpoint at step 40; asynchronous runs cannot be resumed,"
                + " so start over with --force");
  }
}

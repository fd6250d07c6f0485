package dl2.console;

import dl2.learning.rl.RlPoint;
import dl2.training.TrainingPipeline;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A training run's progress on stderr: a bar for the warm-up, then one for RL with the last
 * validation.
 */
public final class TrainingProgress implements TrainingPipeline.Listener, AutoCloseable {
  private final String teacher;
  private final PrintWriter err;
  private Progress bar = Progress.none();
  private long resumedAt;

  public TrainingProgress(String teacher, PrintWriter err) {
    this.teacher = teacher;
    this.err = err;
  }

  @Override
  public void warmUpStarted(long steps) {
    bar = Progress.training("warm-up " + teacher, steps, err);
  }

  @Override
  public void warmUpStepped(long step) {
    bar.stepTo(step);
  }

  @Override
  public void warmUpDone() {
    close();
  }

  @Override
  public void rlStarted(long steps) {
    bar = Progress.training("rl", steps, resumedAt, err);
  }

  @Override
  public void resumed(long step, long steps) {
    resumedAt = step;
    err.println("dl2: resumed at step " + step + " of " + steps + " from the last checkpoint");
    err.flush();
  }

  @Override
  public void testStarted(long runs) {
    bar = Progress.over("test", runs, " runs", err);
  }

  @Override
  public void testStepped() {
    bar.step();
  }

  @Override
  public void testDone() {
    close();
  }

  @Override
  public void stepped(long step) {
    bar.stepTo(step);
  }

  @Override
  public void validated(RlPoint p, boolean best) {
    bar.message(
        String.format(
            Locale.ROOT,
            "val JCT %.3f reward %.3f H %.2f",
            p.validationJct(),
            p.slotReward(),
            p.entropy()));
  }

  @Override
  public void rlDone() {
    close();
  }

  @Override
  public void notice(String line) {
    err.println("dl2: " + line);
  }

  @Override
  public void close() {
    bar.close();
    bar = Progress.none();
  }
}

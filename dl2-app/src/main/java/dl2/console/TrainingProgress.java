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
    bar = Progress.training("rl", steps, err);
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

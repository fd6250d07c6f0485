package dl2.console;

import dl2.experiment.StudyProgress;
import java.io.PrintWriter;

/** One progress bar per training phase, with ETA and the latest validation JCT. */
public final class StudyBars implements StudyProgress {
  private final PrintWriter err;
  private Progress bar = Progress.none();

  public StudyBars(PrintWriter err) {
    this.err = err;
  }

  @Override
  public void phase(String phaseName, long total) {
    bar.close();
    bar = Progress.training(phaseName, total, err);
  }

  @Override
  public void stepTo(long done) {
    bar.stepTo(done);
  }

  @Override
  public void message(String text) {
    bar.message(text);
  }

  @Override
  public void endPhase() {
    bar.close();
    bar = Progress.none();
  }
}

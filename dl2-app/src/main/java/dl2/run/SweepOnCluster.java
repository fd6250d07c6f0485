package dl2.run;

import dl2.console.Progress;
import dl2.kubernetes.sweep.IndexedJobSweep;
import dl2.kubernetes.sweep.SweepListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * A sweep's Indexed Job run to its end, its progress and failed shards on stderr: what each shard
 * printed, by index.
 */
final class SweepOnCluster {
  /** How often the Job and its pods are looked at. */
  static final Duration POLL = Duration.ofSeconds(2);

  private SweepOnCluster() {}

  static List<byte[]> run(IndexedJobSweep sweep, SweepTarget options, PrintWriter err) {
    try (Progress progress =
        Progress.over("sweep " + sweep.jobName(), options.shards(), " shards", err)) {
      return ClusterCalls.reachable(
          null, "the sweep", () -> sweep.run(listener(progress, options, err)));
    }
  }

  private static SweepListener listener(Progress progress, SweepTarget options, PrintWriter err) {
    return new SweepListener() {
      @Override
      public void started(String job, String retries) {
        line(
            "Indexed Job "
                + job
                + " in namespace "
                + options.namespace()
                + ": "
                + options.shards()
                + " shards of "
                + options.image()
                + "; "
                + retries);
      }

      @Override
      public void note(String text) {
        line(text);
      }

      @Override
      public void shardFailed(int index, int attempt, String reason) {
        line(
            "shard "
                + index
                + "/"
                + options.shards()
                + " failed ("
                + attempt
                + " of at most "
                + (options.retries() + 1)
                + " runs): "
                + reason);
      }

      @Override
      public void progress(int done, int running, int failedPods) {
        progress.stepTo(done);
        progress.message(
            running + " running" + (failedPods == 0 ? "" : ", " + failedPods + " failed pods"));
      }

      private void line(String text) {
        synchronized (err) {
          err.println(text);
          err.flush();
        }
      }
    };
  }
}

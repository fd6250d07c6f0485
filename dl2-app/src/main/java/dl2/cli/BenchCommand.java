package dl2.cli;

import dl2.model.InputException;
import dl2.report.SchedulerRun;
import dl2.report.TextTable;
import dl2.schedulers.Schedulers;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 bench}: simulator throughput per baseline. Traces are generated before timing; each
 * baseline runs {@code --repeat} times and the median wall time is reported. Single-threaded
 * unless {@code --threads} says otherwise, for stable numbers.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Time every baseline on the traces: simulated slots per second and wall time (median of repeats).")
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;

  @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
      description = "Timed runs per baseline; later runs are warm. The median is reported (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Override
  public Integer call() {
    if (repeat < 1) {
      throw new InputException("--repeat must be at least 1: " + repeat);
    }
    PrintWriter out = spec.commandLine().getOut();
    Experiment experiment = options.experiment();
    int threads = options.threads(1);
    long benchStart = System.nanoTime();
    TextTable table = new TextTable("scheduler", "slots", "median wall s", "slots/s");
    double totalSeconds = 0;
    try (Progress progress = Progress.over("bench", (long) Schedulers.BASELINES.size() * repeat, " runs",
        spec.commandLine().getErr())) {
      for (String scheduler : Schedulers.BASELINES) {
        double[] seconds = new double[repeat];
        long slots = 0;
        for (int r = 0; r < repeat; r++) {
          long start = System.nanoTime();
          SchedulerRun run = experiment.run(scheduler, threads, Progress.none());
          seconds[r] = (System.nanoTime() - start) / 1e9;
          slots = run.simulatedSlots();
          progress.step();
        }
        double median = median(seconds);
        totalSeconds += median;
        table.row(scheduler, slots, median, String.format(Locale.ROOT, "%.0f", slots / median));
      }
    }
    table.rule().row("all " + Schedulers.BASELINES.size(), "", totalSeconds, "");
    out.println("bench on " + experiment.preset().name() + ": " + experiment.traces().size() + " traces, " + threads
        + " thread(s), " + repeat + " repeat(s)");
    out.print(table.render());
    out.printf(Locale.ROOT, "total wall time (incl. repeats): %.3f s%n", (System.nanoTime() - benchStart) / 1e9);
    out.flush();
    return 0;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}

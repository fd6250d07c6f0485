package dl2.cli;

import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.io.InputException;
import dl2.report.SchedulerRun;
import dl2.report.TextTable;
import dl2.run.ComparisonRuns;
import dl2.schedulers.registry.Schedulers;
import dl2.workload.LengthKnowledge;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 bench}: simulator throughput per baseline. Traces are generated before timing; each
 * baseline runs {@code --repeat} times and the median wall and CPU times are reported (on one
 * thread, the simulating thread's CPU time; on more, the process's). Single-threaded unless {@code
 * --threads} says otherwise, for stable numbers. On the default workload (10 paper-large traces)
 * each baseline's CPU time is also set against the original Python implementation's on the same
 * workload.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description =
        "Time every baseline on the traces: simulated slots per second, wall and CPU time (median of repeats), "
            + "and on 10 paper-large traces the speed-up over the original Python implementation.")
final class BenchCommand implements Callable<Integer> {
  static final int MAX_REPEAT = 1000;

  /**
   * CPU seconds of the original Python implementation for the 10 paper-large validation traces, per
   * baseline (optimus-fitted has no Python counterpart).
   */
  static final Map<String, Double> PYTHON_CPU_SECONDS =
      Map.of(
          Schedulers.DRF,
          11.4,
          Schedulers.FIFO,
          12.5,
          Schedulers.SRTF,
          11.5,
          Schedulers.TETRIS,
          385.0,
          Schedulers.OPTIMUS,
          5.8);

  private static final String PYTHON_PRESET = "paper-large";
  private static final int PYTHON_TRACES = 10;

  @Spec CommandSpec spec;
  @Mixin WorkloadOptions options;

  @Option(
      names = "--repeat",
      paramLabel = "R",
      defaultValue = "1",
      description =
          "Timed runs per baseline; later runs are warm. The median is reported (default: ${DEFAULT-VALUE}).")
  int repeat;

  @Override
  public Integer call() {
    if (repeat < 1) {
      throw new InputException("--repeat must be at least 1: " + repeat);
    }
    if (repeat > MAX_REPEAT) {
      throw new InputException("--repeat must be at most " + MAX_REPEAT + ": " + repeat);
    }
    PrintWriter out = spec.commandLine().getOut();
    Evaluation experiment = options.experiment();
    if (experiment.lengths().knowledge() == LengthKnowledge.UNKNOWN) {
      throw new InputException(
          "bench times every baseline, and most read job lengths: it runs --lengths exact or"
              + " estimated");
    }
    int threads = options.threads(1);
    boolean pythonWorkload =
        experiment.preset().name().equals(PYTHON_PRESET)
            && experiment.traces().size() == PYTHON_TRACES
            && options.traceFiles.isEmpty();
    long benchStart = System.nanoTime();
    TextTable table =
        new TextTable(
            "scheduler", "slots", "median wall s", "median CPU s", "slots/s", "vs Python");
    double totalSeconds = 0;
    double totalCpuSeconds = 0;
    try (Progress progress =
        Progress.over(
            "bench",
            (long) Schedulers.BASELINES.size() * repeat,
            " runs",
            spec.commandLine().getErr())) {
      for (String scheduler : Schedulers.BASELINES) {
        double[] seconds = new double[repeat];
        double[] cpuSeconds = new double[repeat];
        long slots = 0;
        for (int r = 0; r < repeat; r++) {
          long cpuStart = cpuNanos(threads);
          long start = System.nanoTime();
          SchedulerRun run = ComparisonRuns.run(experiment, scheduler, threads, Progress.none());
          seconds[r] = (System.nanoTime() - start) / 1e9;
          cpuSeconds[r] = (cpuNanos(threads) - cpuStart) / 1e9;
          slots = run.simulatedSlots();
          progress.step();
        }
        double median = median(seconds);
        double cpuMedian = median(cpuSeconds);
        totalSeconds += median;
        totalCpuSeconds += cpuMedian;
        Double python = pythonWorkload ? PYTHON_CPU_SECONDS.get(scheduler) : null;
        table.row(
            scheduler,
            slots,
            median,
            cpuMedian,
            String.format(Locale.ROOT, "%.0f", slots / median),
            python == null ? "-" : String.format(Locale.ROOT, "%.0fx", python / cpuMedian));
      }
    }
    table
        .rule()
        .row("all " + Schedulers.BASELINES.size(), "", totalSeconds, totalCpuSeconds, "", "");
    out.println(
        "bench on "
            + experiment.preset().name()
            + ": "
            + experiment.traces().size()
            + " traces, "
            + threads
            + " thread(s), "
            + repeat
            + " repeat(s)");
    out.print(table.render());
    if (pythonWorkload) {
      out.println(
          "vs Python: the original Python implementation's CPU seconds on 10 paper-large traces "
              + "(drf 11.4, fifo 12.5, srtf 11.5, tetris 385, optimus 5.8) over this run's median CPU seconds");
    }
    out.printf(
        Locale.ROOT,
        "total wall time (incl. repeats): %.3f s%n",
        (System.nanoTime() - benchStart) / 1e9);
    out.flush();
    return 0;
  }

  /**
   * On one thread, the CPU time of this thread, which runs the simulations (to the nanosecond); on
   * more, the whole process's (in clock ticks, with the JIT compiler and garbage collector).
   */
  private static long cpuNanos(int threads) {
    if (threads == 1) {
      return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}

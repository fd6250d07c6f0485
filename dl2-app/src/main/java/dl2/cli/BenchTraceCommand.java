package dl2.cli;

import dl2.model.Trace;
import dl2.schedulers.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import dl2.traces.ConvertedTrace;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 bench-trace}: converts a public trace in memory and replays it with one baseline,
 * reporting wall time of each phase, peak heap and garbage collection (docs/traces.md).
 */
@Command(name = "bench-trace", mixinStandardHelpOptions = true,
    description = "Convert a public trace and replay it with one baseline: wall time, simulated slots, peak heap.")
final class BenchTraceCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ConversionOptions conversion;

  @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "drf",
      description = "Baseline drf, fifo, srtf, tetris, optimus, optimus-fitted, optimus-remaining or tiresias (default: ${DEFAULT-VALUE}).")
  String scheduler;

  @Option(names = "--workload", paramLabel = "PRESET", defaultValue = "paper-large",
      description = "Preset giving cluster, task cap and slot length (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--nodes", paramLabel = "N", description = "Override the preset's node count.")
  Integer nodes;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Preset preset = WorkloadOptions.preset(workload, nodes);
    Schedulers.baseline(scheduler, 0, 0);
    HeapMeter heap = HeapMeter.start();
    long start = System.nanoTime();
    ConvertedTrace converted = conversion.convert(spec.commandLine().getErr());
    Trace trace = converted.toTrace(conversion.traceName(), preset.slotSeconds());
    long convertedAt = System.nanoTime();
    long simulatorSeed = TraceSets.simulatorSeed(conversion.seed, TraceSet.VALIDATION, 0, 0);
    Simulator simulator = new Simulator(SimulationConfig.of(preset), trace, FittedOptimusSpeed.INSTANCE, simulatorSeed);
    SimulationResult result = simulator.run(Schedulers.baseline(scheduler, 0, 0));
    long end = System.nanoTime();
    out.println("bench-trace: " + scheduler + " on " + trace.name() + ", " + preset.name() + " with "
        + preset.cluster().nodes() + " nodes (slot " + preset.slotSeconds() + " s)");
    out.println("  trace:      " + ConversionOptions.summary(converted));
    out.printf(Locale.ROOT, "  simulated:  %d slots, average JCT %.3f slots, makespan %.3f slots%n",
        result.slots().size(), result.averageJct(), result.makespan());
    out.printf(Locale.ROOT, "  wall time:  %.2f s (convert %.2f s, simulate %.2f s; %.0f slots/s)%n", (end - start) / 1e9,
        (convertedAt - start) / 1e9, (end - convertedAt) / 1e9, result.slots().size() / ((end - convertedAt) / 1e9));
    out.printf(Locale.ROOT, "  peak heap:  %.0f MB (max heap %.0f MB); %d GC runs, %.2f s in GC%n",
        heap.peakHeapBytes() / 1e6, HeapMeter.maxHeapBytes() / 1e6, heap.collectionsSinceStart(),
        heap.collectionMillisSinceStart() / 1e3);
    out.flush();
    return 0;
  }
}

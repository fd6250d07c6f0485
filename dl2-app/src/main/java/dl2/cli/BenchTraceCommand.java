package dl2.cli;

import dl2.console.HeapMeter;
import dl2.console.Progress;
import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.learning.file.PolicyFile;
import dl2.model.Trace;
import dl2.report.TraceOutcome;
import dl2.run.ComparisonRuns;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.traces.ConvertedTrace;
import dl2.workload.Preset;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 bench-trace}: converts a public trace in memory and replays it with one scheduler (a
 * baseline, or {@code dl2 --policy FILE}), reporting wall time of each phase, peak heap and garbage
 * collection (docs/performance.md).
 */
@Command(
    name = "bench-trace",
    mixinStandardHelpOptions = true,
    description =
        "Convert a public trace and replay it with one scheduler: wall time, simulated slots, peak heap.")
final class BenchTraceCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin ConversionOptions conversion;
  @Mixin PolicyOptions policyOptions;

  @Option(
      names = "--scheduler",
      paramLabel = "NAME",
      defaultValue = Schedulers.DRF,
      completionCandidates = SchedulerNames.class,
      description =
          "One of ${COMPLETION-CANDIDATES} (dl2 with --policy FILE) (default: ${DEFAULT-VALUE}).")
  String scheduler;

  @Option(
      names = "--workload",
      paramLabel = "PRESET",
      defaultValue = "paper-large",
      description = "Preset giving cluster, task cap and slot length (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--nodes", paramLabel = "N", description = "Override the preset's node count.")
  Integer nodes;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    Preset preset = WorkloadOptions.preset(workload, null, nodes);
    Optional<PolicyFile> policy = policyOptions.load(preset, spec.commandLine().getErr());
    SchedulerCatalog.checkName(scheduler, policy.isPresent());
    HeapMeter heap = HeapMeter.start();
    long start = System.nanoTime();
    ConvertedTrace converted = conversion.convert(spec.commandLine().getErr());
    Trace trace = converted.toTrace(conversion.traceName(), preset.slotSeconds());
    long convertedAt = System.nanoTime();
    Evaluation experiment =
        Evaluation.of(
                preset,
                SimulationConfig.of(preset),
                FittedOptimusSpeed.INSTANCE,
                conversion.seed,
                List.of(trace),
                SchedulerCatalog.baselines(0))
            .withPolicy(policy, policyOptions.decoding());
    TraceOutcome result =
        ComparisonRuns.run(experiment, scheduler, 1, Progress.none()).traces().get(0);
    long end = System.nanoTime();
    out.println(
        "bench-trace: "
            + scheduler
            + " on "
            + trace.name()
            + ", "
            + preset.name()
            + " with "
            + preset.cluster().nodes()
            + " nodes (slot "
            + preset.slotSeconds()
            + " s)");
    if (policy.isPresent()) {
      out.println("  dl2:        policy " + policyOptions.policy);
    }
    out.println("  trace:      " + ConversionOptions.summary(converted));
    out.printf(
        Locale.ROOT,
        "  simulated:  %d slots, average JCT %.3f slots, makespan %.3f slots%n",
        result.simulatedSlots(),
        result.avgJctSlots(),
        result.makespanSlots());
    out.printf(
        Locale.ROOT,
        "  wall time:  %.2f s (convert %.2f s, simulate %.2f s; %.0f slots/s)%n",
        (end - start) / 1e9,
        (convertedAt - start) / 1e9,
        (end - convertedAt) / 1e9,
        result.simulatedSlots() / ((end - convertedAt) / 1e9));
    out.printf(
        Locale.ROOT,
        "  peak heap:  %.0f MB (max heap %.0f MB); %d GC runs, %.2f s in GC%n",
        heap.peakHeapBytes() / 1e6,
        HeapMeter.maxHeapBytes() / 1e6,
        heap.collectionsSinceStart(),
        heap.collectionMillisSinceStart() / 1e3);
    out.flush();
    return 0;
  }
}

package dl2.cli;

import dl2.io.InputException;
import dl2.latency.LatencyReport;
import dl2.latency.PolicyLatency;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.Mlp;
import dl2.learning.speeds.SpeedMemory;
import dl2.model.Rng;
import dl2.simulation.SimulatedClusters;
import dl2.simulation.SimulationConfig;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 bench-policy}: DL2 decision latency, per inference and per slot (dl2-spec §9.4). */
@Command(name = "bench-policy", mixinStandardHelpOptions = true,
    description = "Time DL2's decisions and slots of decisions on the fast path and on the reference path (medians, same run).")
final class BenchPolicyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--workload", defaultValue = "paper-large", description = "Preset (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--policy", paramLabel = "FILE", description = "Policy to time (default: untrained paper-size 2×256 network).")
  Path policy;

  @Option(names = "--traces", defaultValue = "3", description = "Timed traces after 2 warm-up traces (default: ${DEFAULT-VALUE}).")
  int traces;

  @Override
  public Integer call() {
    Preset preset = Presets.byName(workload);
    PolicySettings settings;
    Mlp network;
    SpeedMemory memory = SpeedMemory.EMPTY;
    if (traces < 1 || traces > WorkloadOptions.MAX_TRACES) {
      throw new InputException("--traces must be 1.." + WorkloadOptions.MAX_TRACES + ": " + traces);
    }
    if (policy != null) {
      PolicyFile file = PolicyOptions.loadChecked("--policy", policy, preset, spec.commandLine().getErr());
      settings = file.settings();
      network = file.policy().network();
      memory = file.speeds();
    } else {
      settings = PolicySettings.defaults(preset);
      network = new Mlp(settings.policySpec(), new Rng(1));
    }
    var all = TraceSets.test(preset, TraceSets.DEFAULT_BASE_SEED, 2 + Math.max(1, traces));
    LatencyReport r = PolicyLatency.measure(settings, network, memory, SimulatedClusters.of(preset),
        all.subList(0, 2), all.subList(2, all.size()));
    PrintWriter out = spec.commandLine().getOut();
    out.printf("policy %s, %s network, J=%d, hidden %s, on %s (%d timed slots, greedy)%n",
        policy == null ? "untrained" : policy, settings.network().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
        settings.window(), settings.hiddenWidths(), preset.name(), r.fast().slots());
    LatencyReport.Path fast = r.fast();
    LatencyReport.Path reference = r.reference();
    out.printf("one decision, fast path:       median %8.2f µs, p99 %8.2f µs  (%d decisions)%n",
        fast.medianDecisionNs() / 1e3, fast.p99DecisionNs() / 1e3, fast.decisions());
    if (r.exactDecisions() > 0) {
      out.printf("                               %d decisions (%.2f %%) were near-ties taken on the double-precision network%n",
          r.exactDecisions(), 100.0 * r.exactDecisions() / fast.decisions());
    }
    out.printf("one decision, reference path:  median %8.2f µs, p99 %8.2f µs  (fast path is %.1f× faster)%n",
        reference.medianDecisionNs() / 1e3, reference.p99DecisionNs() / 1e3,
        reference.medianDecisionNs() / fast.medianDecisionNs());
    out.printf("one slot, fast path:           median %8.3f ms, p99 %8.3f ms, CPU median %8.3f ms  (median %.0f decisions)%n",
        fast.medianSlotNs() / 1e6, fast.p99SlotNs() / 1e6, fast.medianSlotCpuNs() / 1e6, fast.medianDecisionsPerSlot());
    out.printf("one slot, reference path:      median %8.3f ms, p99 %8.3f ms, CPU median %8.3f ms  (fast path is %.1f× "
        + "faster, %.1f× in CPU)%n", reference.medianSlotNs() / 1e6, reference.p99SlotNs() / 1e6,
        reference.medianSlotCpuNs() / 1e6, reference.medianSlotNs() / fast.medianSlotNs(),
        reference.medianSlotCpuNs() / fast.medianSlotCpuNs());
    out.printf("network forward (double), inference snapshot: median %8.2f µs; trainable network: median %8.2f µs "
        + "(%d states)%n", r.medianForwardNs() / 1e3, r.medianReferenceForwardNs() / 1e3, r.observations());
    out.flush();
    return 0;
  }
}

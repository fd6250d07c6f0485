package dl2.cli;

import dl2.learning.LatencyReport;
import dl2.learning.PolicyFile;
import dl2.learning.PolicyLatency;
import dl2.learning.PolicySettings;
import dl2.learning.nn.Mlp;
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
    description = "Time DL2's policy: one network forward, one decision and one whole slot of decisions (medians).")
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
    if (policy != null) {
      PolicyFile file = PolicyFile.load(policy);
      settings = file.settings();
      network = file.policy().network();
    } else {
      settings = PolicySettings.defaults(preset);
      network = new Mlp(settings.policySpec(), new Rng(1));
    }
    var all = TraceSets.test(preset, TraceSets.DEFAULT_BASE_SEED, 2 + Math.max(1, traces));
    LatencyReport r = PolicyLatency.measure(settings, network, SimulatedClusters.of(preset),
        all.subList(0, 2), all.subList(2, all.size()));
    PrintWriter out = spec.commandLine().getOut();
    out.printf("policy %s, J=%d, hidden %s, on %s (%d timed slots, %d observations)%n",
        policy == null ? "untrained" : policy, settings.window(), settings.hiddenWidths(), preset.name(), r.slots(), r.observations());
    out.printf("network forward, fast path:       median %8.2f µs%n", r.medianForwardNs() / 1e3);
    out.printf("network forward, trainable path:  median %8.2f µs  (fast path is %.1f× faster)%n",
        r.medianReferenceForwardNs() / 1e3, r.medianReferenceForwardNs() / r.medianForwardNs());
    out.printf("one decision (observe+forward+softmax): median %8.2f µs, p99 %.2f µs%n", r.medianDecisionNs() / 1e3,
        r.p99DecisionNs() / 1e3);
    out.printf("one slot of decisions: median %.3f ms (median %.0f decisions), p99 %.3f ms%n", r.medianSlotNs() / 1e6,
        r.medianDecisionsPerSlot(), r.p99SlotNs() / 1e6);
    out.flush();
    return 0;
  }
}

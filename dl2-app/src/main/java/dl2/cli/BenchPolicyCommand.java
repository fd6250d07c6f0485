package dl2.cli;

import dl2.io.InputException;
import dl2.latency.LatencyReport;
import dl2.latency.PolicyLatency;
import dl2.learning.file.PolicySettings;
import dl2.learning.state.StateEncoding;
import dl2.simulation.SimulatedClusters;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 bench-policy}: DL2 decision latency, per inference and per slot (dl2-spec §9.4). */
@Command(
    name = "bench-policy",
    mixinStandardHelpOptions = true,
    description =
        "Time DL2's decisions and slots of decisions on the fast path and on the reference path (medians, same run).")
final class BenchPolicyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--workload",
      defaultValue = "paper-large",
      description = "Preset (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(
      names = "--policy",
      paramLabel = "FILE",
      description = "Policy to time (default: an untrained network, see --encoding).")
  Path policy;

  @Option(
      names = "--encoding",
      paramLabel = "E",
      converter = EnumOption.Encodings.class,
      completionCandidates = EnumOption.Encodings.class,
      description =
          "Without --policy, the untrained network's state "
              + "encoding (${COMPLETION-CANDIDATES}; default: original): original and paper with the paper-size 2×256 network, "
              + "observed and placed with the observed recipe's pooled embeddings over 40 jobs (placed: a column per kind of node "
              + "for each).")
  StateEncoding encoding;

  @Option(
      names = "--against",
      paramLabel = "FILE",
      description =
          "Also time this policy's fast path on the same traces, "
              + "in turn with the first (e.g. a non-placed policy against a placed one), and print the ratios.")
  Path against;

  @Option(
      names = "--traces",
      defaultValue = "3",
      description = "Timed traces after 2 warm-up traces (default: ${DEFAULT-VALUE}).")
  int traces;

  @Override
  public Integer call() {
    Preset preset = Presets.byName(workload);
    if (traces < 1 || traces > WorkloadOptions.MAX_TRACES) {
      throw new InputException("--traces must be 1.." + WorkloadOptions.MAX_TRACES + ": " + traces);
    }
    if (policy != null && encoding != null) {
      throw new InputException(
          "--encoding is for the untrained network; a --policy file has its own encoding");
    }
    PrintWriter err = spec.commandLine().getErr();
    PolicyLatency.Subject timed =
        policy != null
            ? PolicyLatency.Subject.of(PolicyOptions.loadChecked("--policy", policy, preset, err))
            : PolicyLatency.Subject.untrained(
                preset, encoding == null ? StateEncoding.ORIGINAL : encoding);
    PolicyLatency.Subject second =
        against == null
            ? null
            : PolicyLatency.Subject.of(
                PolicyOptions.loadChecked("--against", against, preset, err));
    var all = TraceSets.test(preset, TraceSets.DEFAULT_BASE_SEED, 2 + Math.max(1, traces));
    LatencyReport r =
        PolicyLatency.measure(
            timed,
            second,
            SimulatedClusters.of(preset),
            all.subList(0, 2),
            all.subList(2, all.size()));
    String name = policy == null ? "untrained" : policy.toString();
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "policy %s, %s, on %s (%d timed slots, greedy)%n",
        name, describe(timed.settings()), preset.name(), r.fast().slots());
    LatencyReport.Path fast = r.fast();
    LatencyReport.Path reference = r.reference();
    out.printf(
        "one decision, fast path:       median %8.2f µs, p99 %8.2f µs  (%d decisions)%n",
        fast.medianDecisionNs() / 1e3, fast.p99DecisionNs() / 1e3, fast.decisions());
    if (r.exactDecisions() > 0) {
      out.printf(
          "                               %d decisions (%.2f %%) were near-ties taken on the double-precision network%n",
          r.exactDecisions(), 100.0 * r.exactDecisions() / fast.decisions());
    }
    out.printf(
        "one decision, reference path:  median %8.2f µs, p99 %8.2f µs  (fast path is %.1f× faster)%n",
        reference.medianDecisionNs() / 1e3,
        reference.p99DecisionNs() / 1e3,
        reference.medianDecisionNs() / fast.medianDecisionNs());
    out.printf(
        "one slot, fast path:           median %8.3f ms, p99 %8.3f ms, CPU median %8.3f ms  (median %.0f decisions)%n",
        fast.medianSlotNs() / 1e6,
        fast.p99SlotNs() / 1e6,
        fast.medianSlotCpuNs() / 1e6,
        fast.medianDecisionsPerSlot());
    out.printf(
        "one slot, reference path:      median %8.3f ms, p99 %8.3f ms, CPU median %8.3f ms  (fast path is %.1f× "
            + "faster, %.1f× in CPU)%n",
        reference.medianSlotNs() / 1e6,
        reference.p99SlotNs() / 1e6,
        reference.medianSlotCpuNs() / 1e6,
        reference.medianSlotNs() / fast.medianSlotNs(),
        reference.medianSlotCpuNs() / fast.medianSlotCpuNs());
    out.printf(
        "network forward (double), inference snapshot: median %8.2f µs; trainable network: median %8.2f µs "
            + "(%d states)%n",
        r.medianForwardNs() / 1e3, r.medianReferenceForwardNs() / 1e3, r.observations());
    if (r.against() != null) {
      LatencyReport.Path other = r.against();
      out.printf(
          "against %s, %s, fast path on the same traces in turn:%n",
          against, describe(second.settings()));
      out.printf(
          "one decision, fast path:       median %8.2f µs, p99 %8.2f µs  (%d decisions; %s: %.2f× this median)%n",
          other.medianDecisionNs() / 1e3,
          other.p99DecisionNs() / 1e3,
          other.decisions(),
          name,
          fast.medianDecisionNs() / other.medianDecisionNs());
      out.printf(
          "one slot, fast path:           median %8.3f ms, p99 %8.3f ms, CPU median %8.3f ms  (median %.0f decisions; "
              + "%s: %.2f× this median)%n",
          other.medianSlotNs() / 1e6,
          other.p99SlotNs() / 1e6,
          other.medianSlotCpuNs() / 1e6,
          other.medianDecisionsPerSlot(),
          name,
          fast.medianSlotNs() / other.medianSlotNs());
    }
    out.flush();
    return 0;
  }

  private static String describe(PolicySettings settings) {
    return String.format(
        Locale.ROOT,
        "%s network, %s encoding, J=%d, hidden %s",
        EnumOption.dashed(settings.network()),
        EnumOption.dashed(settings.encoding()),
        settings.window(),
        settings.hiddenWidths());
  }
}

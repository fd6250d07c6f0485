package dl2.cli;

import dl2.evaluation.Evaluation;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.model.Trace;
import dl2.run.TraceFolders;
import dl2.simulation.SimulationConfig;
import dl2.slot.ScalingCost;
import dl2.speed.DeclaredModels;
import dl2.speed.SpeedModel;
import dl2.workload.ClusterFileReader;
import dl2.workload.LengthError;
import dl2.workload.LengthKnowledge;
import dl2.workload.LengthSetting;
import dl2.workload.NativeTraceReader;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSet;
import dl2.workload.TraceSets;
import dl2.workload.WorldKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every evaluation command shares: which traces, on which cluster, with which noise.
 */
public final class WorkloadOptions {
  static final int DEFAULT_TRACES = 10;

  /**
   * Input limits: generated traces, nodes and threads beyond these are mistakes that would only
   * exhaust memory.
   */
  static final int MAX_TRACES = 10_000;

  static final int MAX_NODES = 100_000;
  static final int MAX_THREADS = 1024;

  @Option(
      names = "--workload",
      paramLabel = "PRESET",
      defaultValue = "paper-large",
      description =
          "Preset: cluster, task cap, slot length, trace generator and world; one of paper-large, paper-small, "
              + "paper-testbed, paper-dense, paper-dense-realistic, paper-small-realistic, gavel-dense, gavel-small, "
              + "a100t4-dense, a100t4-small (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--world", paramLabel = "WORLD", description = WORLD_HELP)
  String world;

  static final String WORLD_HELP =
      "default (every job follows its type's exact speed curve) or realistic (per-job "
          + "speeds, placement, co-location interference and fluctuation calibrated from public measurements; "
          + "docs/realistic-world.md); renames the preset, e.g. paper-dense-realistic (default: the preset's world).";

  @Option(
      names = "--traces",
      paramLabel = "N",
      description = "Generated traces to run (default: " + DEFAULT_TRACES + ").")
  Integer traces;

  @Option(
      names = "--trace-set",
      paramLabel = "SET",
      description =
          "Which generated traces: test (default; held out from training and from choosing checkpoints) or "
              + "validation (the traces training chooses checkpoints on; for development).")
  String traceSet;

  @Option(
      names = "--seed",
      paramLabel = "S",
      defaultValue = "" + TraceSets.DEFAULT_BASE_SEED,
      description =
          "Base seed of every trace, simulator and Optimus seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--trace",
      paramLabel = "FILE",
      description =
          "Run this CSV trace file (or every .csv file of this folder, in name order) instead of generated "
              + "traces; repeatable. Keeps the preset's cluster, cap and slot length.")
  List<Path> traceFiles = new ArrayList<>();

  @Mixin SpeedModelOptions speeds = new SpeedModelOptions();

  @Mixin LengthOptions lengthOptions = new LengthOptions();

  @Option(names = "--nodes", paramLabel = "N", description = "Override the preset's node count.")
  Integer nodes;

  @Option(
      names = "--cluster",
      paramLabel = "FILE",
      description =
          "Replace the preset's cluster by node groups from a CSV count,cores,gpus,gpu_type "
              + "(docs/heterogeneous-clusters.md); --nodes then scales the groups.")
  Path cluster;

  @Option(
      names = "--speed-noise",
      paramLabel = "E",
      defaultValue = "0",
      description =
          "Speed noise ε_s in [0, 1): each slot's progress times (1 + ε_s·U(-1,1)) (default: 0).")
  double speedNoise = 0; // also the value where a command leaves the option out (InactiveOptions)

  @Option(
      names = "--epoch-error",
      paramLabel = "E",
      defaultValue = "0",
      description = "Epoch estimation error ε_e in [0, 1) of generated traces (default: 0).")
  double epochError;

  @Option(
      names = "--optimus-error",
      paramLabel = "E",
      defaultValue = "0",
      description = "Optimus' speed-estimation error in [0, 1) (default: 0).")
  double optimusError;

  @Option(
      names = "--scaling-cost",
      paramLabel = "MODE[:SECONDS]",
      defaultValue = "none",
      description =
          "Time a resized job loses: none (default), hot[:S] (S s per PS added or removed, default "
              + ScalingCost.DEFAULT_HOT_SECONDS_PER_PS
              + "), restart[:S] (S s per change, default "
              + ScalingCost.DEFAULT_RESTART_SECONDS
              + ").")
  String scalingCost = "none";

  @Option(
      names = "--threads",
      paramLabel = "T",
      description =
          "Worker threads; results are identical for any value (default: available processors).")
  Integer threads;

  /** Thread count, with {@code fallback} when the flag is absent. */
  int threads(int fallback) {
    int value = threads == null ? fallback : threads;
    if (value < 1) {
      throw new InputException("--threads must be at least 1: " + value);
    }
    if (value > MAX_THREADS) {
      throw new InputException("--threads must be at most " + MAX_THREADS + ": " + value);
    }
    return value;
  }

  /** Validates every option and builds the traces to run. */
  Evaluation experiment() {
    return experiment(DEFAULT_TRACES);
  }

  /**
   * Like {@link #experiment()}, with {@code defaultTraces} generated traces when --traces is
   * absent.
   */
  Evaluation experiment(int defaultTraces) {
    Preset preset = inWorld(preset(workload, cluster, nodes), world);
    DeclaredModels models = speeds.declaredModels(preset, !traceFiles.isEmpty());
    SpeedModel speed = models.speedModel(speeds.speedModel(preset, models));
    checkFraction("--speed-noise", speedNoise);
    checkFraction("--epoch-error", epochError);
    checkFraction("--optimus-error", optimusError);
    LengthSetting setting = lengthSetting();
    if (traceFiles.isEmpty()) {
      int count = traces == null ? defaultTraces : traces;
      if (count < 1) {
        throw new InputException("--traces must be at least 1: " + count);
      }
      if (count > MAX_TRACES) {
        throw new InputException("--traces must be at most " + MAX_TRACES + ": " + count);
      }
      LengthOptions.forGenerated(setting);
      Preset noisy = preset.withWorkload(preset.workload().withEpochEstimationError(epochError));
      return Evaluation.generated(
              noisy,
              config(preset),
              speed,
              seed,
              traceSet(),
              count,
              SchedulerCatalog.baselines(optimusError))
          .withLengths(setting);
    }
    if (traces != null || traceSet != null) {
      throw new InputException(
          (traces != null ? "--traces" : "--trace-set")
              + " and --trace cannot be combined: trace files replace generated traces");
    }
    if (epochError != 0) {
      throw new InputException(
          "--epoch-error applies to generated traces only; give real_epochs in the trace file");
    }
    boolean ownEstimates =
        setting.knowledge() == LengthKnowledge.ESTIMATED
            && setting.error().kind() == LengthError.Kind.TRACE;
    List<Trace> read = new ArrayList<>();
    for (Path file : TraceFolders.expand(traceFiles, "--trace")) {
      read.add(
          ownEstimates
              ? NativeTraceReader.readEstimates(file, preset.slotSeconds(), models.catalogue())
              : NativeTraceReader.read(file, preset.slotSeconds(), models.catalogue()));
    }
    return Evaluation.of(
            preset, config(preset), speed, seed, read, SchedulerCatalog.baselines(optimusError))
        .withLengths(setting);
  }

  /** --lengths with --length-error, checked against each other and --epoch-error. */
  LengthSetting lengthSetting() {
    return lengthOptions.setting(epochError);
  }

  /** The preset's cluster with the speed noise and scaling cost asked for. */
  private SimulationConfig config(Preset preset) {
    return SimulationConfig.of(preset).withSpeedNoise(speedNoise).withScalingCost(scalingCost());
  }

  /** {@code test} (the default) or {@code validation}. */
  TraceSet traceSet() {
    if (traceSet == null || traceSet.equals("test")) {
      return TraceSet.TEST;
    }
    if (traceSet.equals("validation")) {
      return TraceSet.VALIDATION;
    }
    throw new InputException("--trace-set must be test or validation: " + traceSet);
  }

  /** {@code none}, {@code hot[:S]} or {@code restart[:S]}. */
  ScalingCost scalingCost() {
    String[] parts = scalingCost.split(":", 2);
    try {
      double seconds = parts.length == 2 ? Double.parseDouble(parts[1]) : Double.NaN;
      return switch (parts[0]) {
        case "none" -> parts.length == 1 ? ScalingCost.NONE : ScalingCost.restart(-1);
        case "hot" ->
            ScalingCost.hot(parts.length == 1 ? ScalingCost.DEFAULT_HOT_SECONDS_PER_PS : seconds);
        case "restart" ->
            ScalingCost.restart(parts.length == 1 ? ScalingCost.DEFAULT_RESTART_SECONDS : seconds);
        default -> throw new IllegalArgumentException("unknown mode");
      };
    } catch (IllegalArgumentException e) {
      throw new InputException(
          "--scaling-cost must be none, hot[:SECONDS] or restart[:SECONDS] with SECONDS >= 0: "
              + scalingCost);
    }
  }

  /** {@code preset} in the world named {@code world}, or as it is when {@code world} is null. */
  static Preset inWorld(Preset preset, String world) {
    return world == null ? preset : preset.withWorld(WorldKind.byLabel(world));
  }

  /**
   * The named preset on the cluster of {@code clusterFile} when not null, scaled to {@code nodes}.
   */
  static Preset preset(String workload, Path clusterFile, Integer nodes) {
    Preset named = Presets.byName(workload);
    Preset preset =
        clusterFile == null ? named : named.withCluster(ClusterFileReader.read(clusterFile));
    if (nodes == null) {
      return preset;
    }
    if (nodes > MAX_NODES) {
      throw new InputException("--nodes must be at most " + MAX_NODES + ": " + nodes);
    }
    try {
      return preset.withCluster(preset.cluster().withNodes(nodes));
    } catch (IllegalArgumentException e) {
      throw new InputException("--nodes: " + e.getMessage());
    }
  }

  private static void checkFraction(String flag, double value) {
    if (!(value >= 0 && value < 1)) {
      throw new InputException(flag + " must be in [0, 1): " + value);
    }
  }
}

package dl2.cli;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.speed.DeclaredModels;
import dl2.speed.FittedOptimusSpeed;
import dl2.speed.ModelFileReader;
import dl2.speed.RbfTableSpeed;
import dl2.speed.RbfTableSpeed.ZeroSpeed;
import dl2.speed.SpeedModel;
import dl2.workload.Preset;
import dl2.workload.WorldKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The speed model a workload runs under: the fitted default, or a measured table (--speed-table),
 * and the models beyond the built-ins (--models). A mixin of {@link WorkloadOptions}.
 */
final class SpeedModelOptions {
  @Option(
      names = "--models",
      paramLabel = "FILE",
      description =
          "CSV declaring models beyond the eight built-ins: name, task demands and a speed curve (or rows in "
              + "--speed-table); the --trace files may then name them (see docs/commands.md).")
  Path modelsFile;

  @Option(
      names = "--speed-table",
      paramLabel = "FILE",
      description =
          "CSV model,num_ps,num_workers,speed interpolated by linear RBF instead of the fitted default "
              + "speed model (see docs/commands.md).")
  Path speedTable;

  @Option(
      names = "--drop-zero-speeds",
      description =
          "With --speed-table: ignore zero-speed records (failed measurements) instead of interpolating them.")
  boolean dropZeroSpeeds;

  /**
   * The models of --models, checked against the cluster ({@code traceFiles}: whether --trace gives
   * the traces); none without the flag.
   */
  DeclaredModels declaredModels(Preset preset, boolean traceFiles) {
    if (modelsFile == null) {
      return DeclaredModels.NONE;
    }
    if (!traceFiles) {
      throw new InputException(
          "--models needs --trace: generated traces use the built-in models only");
    }
    if (preset.world() == WorldKind.REALISTIC) {
      throw new InputException(
          "--models cannot be used in the realistic world, which is calibrated for the built-in "
              + "models only; use --world default");
    }
    DeclaredModels models = ModelFileReader.read(modelsFile);
    models.requireFits(preset.cluster());
    return models;
  }

  /**
   * The fitted default, or the user's table covering every built-in model and every declared model
   * without a curve, up to the cap + 1 (dry runs).
   */
  SpeedModel speedModel(Preset preset, DeclaredModels models) {
    if (speedTable == null) {
      if (dropZeroSpeeds) {
        throw new InputException("--drop-zero-speeds needs --speed-table");
      }
      return FittedOptimusSpeed.INSTANCE;
    }
    if (preset.world() == WorldKind.REALISTIC) {
      throw new InputException(
          "--speed-table cannot be used in the realistic world, which scales the compute and "
              + "communication parts of the fitted default curves; leave out --speed-table or use --world default");
    }
    ZeroSpeed zeros = dropZeroSpeeds ? ZeroSpeed.DROP : ZeroSpeed.KEEP;
    List<JobType> covered = new ArrayList<>(List.of(JobType.values()));
    covered.addAll(models.withoutCurve());
    return RbfTableSpeed.load(speedTable, preset.taskCap() + 1, zeros, models.catalogue())
        .requireModels(covered);
  }
}

package dl2.cli;

import dl2.learning.PolicySettings;
import dl2.learning.StateEncoding;
import dl2.learning.sl.SupervisedConfig;
import dl2.learning.sl.SupervisedListener;
import dl2.learning.sl.SupervisedWarmup;
import dl2.learning.sl.ValidationPoint;
import dl2.model.InputException;
import dl2.schedulers.Schedulers;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.TraceSets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code dl2 train-sl}: DL2's supervised warm-up from a teacher scheduler (dl2-spec §8). */
@Command(name = "train-sl", description = "Train a DL2 policy to imitate a baseline scheduler (supervised warm-up).")
final class TrainSlCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--teacher", defaultValue = "drf", description = "Scheduler to imitate: drf, fifo, srtf, tetris, optimus (default: ${DEFAULT-VALUE}).")
  String teacher;

  @Option(names = "--workload", defaultValue = "paper-large", description = "Preset to train on (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--steps", defaultValue = "600", description = "Adam steps, one per teacher slot (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(names = "--seed", defaultValue = "" + TraceSets.DEFAULT_BASE_SEED, description = "Base seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, description = "Directory for best.policy, final.policy, learning-curve.csv.")
  Path out;

  @Option(names = "--lr", defaultValue = "0.005", description = "Adam learning rate (default: ${DEFAULT-VALUE}, the paper's).")
  double learningRate;

  @Option(names = "--validate-every", description = "Steps between validations (default: steps/10, at most 100).")
  Integer validateEvery;

  @Option(names = "--validation-traces", defaultValue = "10", description = "Fixed validation traces (default: ${DEFAULT-VALUE}).")
  int validationTraces;

  @Option(names = "--sampled-validation", description = "Also validate with sampled decoding (the original's mode).")
  boolean sampledValidation;

  @Option(names = "--hidden", defaultValue = "256", description = "Hidden layer width (default: ${DEFAULT-VALUE}).")
  int hidden;

  @Option(names = "--layers", defaultValue = "2", description = "Hidden layers (default: ${DEFAULT-VALUE}).")
  int layers;

  @Option(names = "--encoding", defaultValue = "original", description = "State encoding: original (6×J) or paper (one-hot types) (default: ${DEFAULT-VALUE}).")
  String encoding;

  @Option(names = "--raw-inputs", description = "Feed raw, unscaled state values as the original did.")
  boolean rawInputs;

  @Option(names = "--threads", description = "Threads for validation runs; results do not depend on it (default: available processors).")
  Integer threads;

  @Override
  public Integer call() {
    SupervisedConfig config = config();
    try (Progress progress = Progress.training("train-sl " + teacher, steps, spec.commandLine().getErr())) {
      List<ValidationPoint> curve = new SupervisedWarmup(config, listener(progress)).run(out);
      ValidationPoint best = curve.stream().min((a, b) -> Double.compare(a.greedyJct(), b.greedyJct())).orElseThrow();
      progress.close();
      spec.commandLine().getOut().printf("best validation mean avg JCT %.4f at step %d (teacher %s %.4f, ratio %.4f, "
          + "imitation accuracy %.3f)%nwrote %s, %s, %s%n", best.greedyJct(), best.step(), teacher, best.teacherJct(),
          best.greedyJct() / best.teacherJct(), best.accuracy(), out.resolve("best.policy"), out.resolve("final.policy"),
          out.resolve("learning-curve.csv"));
    }
    return 0;
  }

  private static SupervisedListener listener(Progress progress) {
    return new SupervisedListener() {
      @Override
      public void stepped(long step, double loss) {
        progress.stepTo(step);
      }

      @Override
      public void validated(ValidationPoint p, boolean best) {
        progress.message(String.format("val JCT %.3f (teacher %.3f) acc %.3f", p.greedyJct(), p.teacherJct(), p.accuracy()));
      }
    };
  }

  private SupervisedConfig config() {
    Preset preset = Presets.byName(workload);
    Schedulers.baseline(teacher);
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new InputException("--lr must be a positive number: " + learningRate);
    }
    if (steps < 1 || hidden < 1 || layers < 1 || validationTraces < 1 || (validateEvery != null && validateEvery < 1)) {
      throw new InputException("--steps, --hidden, --layers, --validation-traces and --validate-every must be at least 1");
    }
    StateEncoding stateEncoding = switch (encoding) {
      case "original" -> StateEncoding.ORIGINAL;
      case "paper" -> StateEncoding.PAPER;
      default -> throw new InputException("--encoding must be original or paper: " + encoding);
    };
    PolicySettings policy = PolicySettings.defaults(preset).withHidden(hidden, layers).withEncoding(stateEncoding, !rawInputs);
    SupervisedConfig config = SupervisedConfig.defaults(preset, teacher, steps, seed).withPolicy(policy)
        .withLearningRate(learningRate);
    int every = validateEvery != null ? validateEvery : config.validateEvery();
    return config.withValidation(every, validationTraces, sampledValidation)
        .withThreads(threads != null ? threads : Runtime.getRuntime().availableProcessors());
  }
}

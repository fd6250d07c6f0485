package dl2.cli;

import dl2.console.Progress;
import dl2.evaluation.SchedulerCatalog;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.learning.env.RunPlacement;
import dl2.learning.file.PolicySettings;
import dl2.learning.file.ResidualSettings;
import dl2.learning.run.RunBudget;
import dl2.learning.sl.LabelledSample;
import dl2.learning.sl.ShadowRecording;
import dl2.learning.sl.SupervisedConfig;
import dl2.learning.sl.SupervisedListener;
import dl2.learning.sl.SupervisedWarmup;
import dl2.learning.sl.ValidationPoint;
import dl2.output.RunOutput;
import dl2.simulation.SimulatedClusters;
import dl2.workload.Preset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dl2 train-sl}: DL2's supervised warm-up from a teacher scheduler (dl2-spec §8). */
@Command(
    name = "train-sl",
    mixinStandardHelpOptions = true,
    defaultValueProvider = TrainDefaults.class,
    description = "Train a DL2 policy to imitate a baseline scheduler (supervised warm-up).")
final class TrainSlCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin TrainingOptions training;

  @Option(
      names = "--teacher",
      paramLabel = "SCHEDULER[@PLACEMENT]",
      description =
          "Scheduler to imitate: "
              + "drf, fifo, srtf, tetris, optimus, optimus-fitted, optimus-remaining, tiresias, ia-greedy, alone or under a placement "
              + "(e.g. optimus@fewest-nodes; with --encoding placed the labels are its nodes' kinds) (default: ${DEFAULT-VALUE}).")
  String teacher;

  @Option(
      names = "--steps",
      paramLabel = "STEPS",
      description = "Adam steps, one per teacher slot (default: ${DEFAULT-VALUE}).")
  int steps;

  @Option(
      names = "--lr",
      paramLabel = "RATE",
      description = "Adam learning rate (default: ${DEFAULT-VALUE}, the paper's).")
  double learningRate;

  @Option(
      names = "--sampled-validation",
      description = "Also validate with sampled decoding (the original's mode).")
  boolean sampledValidation;

  @Option(
      names = "--no-start-bundle",
      description =
          "Slots start from 0/0 for the policy too: it adds every job's first tasks itself, "
              + "as the teacher does (no start-of-slot bundle); not with --slot-start-bundle.")
  boolean noStartBundle;

  @ArgGroup(validate = false, heading = "%nTeacher labels:%n", order = 3)
  LabelOptions labels = new LabelOptions();

  @ArgGroup(validate = false, heading = "%nResidual policy:%n", order = 4)
  ResidualOptions residual = new ResidualOptions();

  @Option(
      names = "--from-recording",
      paramLabel = "DIR",
      description =
          "Train on the samples recorded in shadow mode (controller or cluster-emulator --shadow DIR) instead of "
              + "running the teacher on generated traces.")
  Path recording;

  @Override
  public Integer call() {
    SupervisedConfig config = config();
    Path out = training.out(spec);
    List<List<LabelledSample>> recorded = null;
    if (recording != null) {
      OutputPaths.checkInputDirectory("--from-recording", recording);
      recorded =
          ShadowRecording.read(
              recording,
              config.policy().policySpec().inputSize(),
              config.policy().policySpec().outputSize());
      if (recorded.stream().allMatch(List::isEmpty)) {
        throw InputException.inFile(recording.toString(), "the recorded slots hold no sample");
      }
    }
    try (RunOutput output =
        RunOutput.claim(
            CommandLines.of(spec),
            "--out",
            out,
            "train-sl run",
            "start over with --force",
            training.force())) {
      output.mark();
      return train(config, out, recorded);
    }
  }

  private int train(SupervisedConfig config, Path out, List<List<LabelledSample>> recorded) {
    try (Progress progress =
        Progress.training("train-sl " + teacher, steps, spec.commandLine().getErr())) {
      List<ValidationPoint> curve =
          new SupervisedWarmup(
                  config,
                  listener(progress),
                  SimulatedClusters.of(config.budget().preset()),
                  RunPlacement.SLOT,
                  recorded)
              .run(out);
      ValidationPoint best =
          curve.stream().min((a, b) -> Double.compare(a.greedyJct(), b.greedyJct())).orElseThrow();
      progress.close();
      spec.commandLine()
          .getOut()
          .printf(
              "best validation mean avg JCT %.4f at step %d (teacher %s %.4f, ratio %.4f, "
                  + "imitation accuracy %.3f)%nwrote %s, %s, %s%n",
              best.greedyJct(),
              best.step(),
              teacher,
              best.teacherJct(),
              best.greedyJct() / best.teacherJct(),
              best.accuracy(),
              out.resolve("best.policy"),
              out.resolve("final.policy"),
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
        progress.message(
            String.format(
                "val JCT %.3f (teacher %.3f) acc %.3f",
                p.greedyJct(), p.teacherJct(), p.accuracy()));
      }
    };
  }

  private SupervisedConfig config() {
    Preset preset = training.preset();
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new InputException("--lr must be a positive number: " + learningRate);
    }
    RunBudget budget =
        training.budget(
            preset, training.run.seed, steps, "--steps", SupervisedConfig.VALIDATE_EVERY_AT_MOST);
    SchedulerCatalog.checkTeacher(teacher, budget.lengths());
    if (noStartBundle && labels.slotStartBundle) {
      throw new InputException(
          "--no-start-bundle removes the 1/1 slot start that --slot-start-bundle gives the teacher: "
              + "give one of them");
    }
    ResidualSettings base = residual.settings();
    if (base != null && labels.slotStartBundle) {
      throw new InputException(
          "--residual plays slots from 0/0, as its base rule plans them: leave out --slot-start-bundle");
    }
    PolicySettings policy =
        training.policy(preset).withStartOfSlotBundle(!noStartBundle).withResidual(base);
    return SupervisedConfig.of(budget, teacher, policy)
        .withLearningRate(learningRate)
        .withLabels(labels.labels())
        .withSampledValidation(sampledValidation);
  }
}

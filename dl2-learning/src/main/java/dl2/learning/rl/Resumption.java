package dl2.learning.rl;

import dl2.io.InputException;
import dl2.learning.file.PolicyFile;
import dl2.learning.file.PolicySettings;
import dl2.learning.nn.NetworkState;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A run read back from its checkpoint, ready to continue. */
public final class Resumption {
  final Path outDir;
  final PolicySettings settings;
  final Learner learner;
  final List<Agent> agents;
  final ResumeState.Header header;

  Resumption(
      Path outDir,
      PolicySettings settings,
      Learner learner,
      List<Agent> agents,
      ResumeState.Header header) {
    this.outDir = outDir;
    this.settings = settings;
    this.learner = learner;
    this.agents = agents;
    this.header = header;
  }

  /** The step of the checkpoint. */
  public long step() {
    return header.step();
  }

  /** As {@link RlTrainer#prepareResume}, for {@code trainer}'s run. */
  static Resumption read(RlTrainer trainer, Path outDir, Optional<PolicySettings> expected) {
    if (!trainer.knobs.synchronous()) {
      throw new InputException(
          "only synchronous runs can be resumed (asynchronous runs are not reproducible)");
    }
    if (trainer.knobs.reward().creditsPlacement()) {
      throw InputException.inFile(
          outDir.toString(),
          "holds a --reward "
              + trainer.knobs.reward().cliName()
              + " run, which cannot be resumed (its measured placement model is not checkpointed); "
              + "start it over with --force");
    }
    Path checkpoint =
        Checkpoints.directory(outDir)
            .current()
            .orElseThrow(
                () ->
                    InputException.inFile(outDir.toString(), "holds no checkpoint to resume from"));
    Path finalPolicy = checkpoint.resolve(Checkpoints.FINAL);
    PolicyFile file = PolicyFile.load(finalPolicy);
    if (file.settings().residual() != null) {
      throw InputException.inFile(
          finalPolicy.toString(),
          "holds a residual policy, whose run cannot be resumed (its base rule's memory is not saved)");
    }
    if (expected.isPresent() && !expected.get().equals(file.settings())) {
      throw InputException.inFile(
          finalPolicy.toString(),
          "holds a policy with "
              + file.settings().describe()
              + " but this command asks for "
              + expected.get().describe()
              + "; resume with the options that started the run");
    }
    trainer.placement.checkResumes(file.training().trainedPlacement(), finalPolicy.toString());
    NetworkState policy = file.policy();
    NetworkState value =
        file.value()
            .orElseThrow(
                () ->
                    InputException.inFile(
                        finalPolicy.toString(), "has no value network to resume from"));
    if (!value
        .network()
        .spec()
        .equals(
            file.settings().valueSpec(trainer.knobs.update().baseline() == Baseline.JOB_CRITIC))) {
      throw InputException.inFile(
          finalPolicy.toString(),
          "its value network "
              + value.network().spec()
              + " does not fit the --baseline of this run; resume with the options that started the run");
    }
    Learner learner =
        new Learner(
            policy.network(),
            policy.optimizer(),
            value.network(),
            value.optimizer(),
            trainer.knobs.update().baseline().usesCritic());
    List<Agent> agents = trainer.agents(file.settings(), learner);
    ResumeState.Header header =
        ResumeState.load(
            checkpoint.resolve(ResumeState.FILE), trainer.config, file.settings(), agents);
    if (header.step() != file.training().step()) {
      throw InputException.inFile(
          outDir.toString(),
          "final.policy (step "
              + file.training().step()
              + ") and resume.state (step "
              + header.step()
              + ") disagree; the run stopped while checkpointing");
    }
    if (header.step() > trainer.budget.steps()) {
      throw InputException.inFile(
          outDir.toString(),
          "the checkpoint is at step "
              + header.step()
              + ", beyond --steps "
              + trainer.budget.steps()
              + "; resume with at least as many steps");
    }
    return new Resumption(outDir, file.settings(), learner, agents, header);
  }
}

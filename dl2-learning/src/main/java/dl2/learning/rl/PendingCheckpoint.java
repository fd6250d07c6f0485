package dl2.learning.rl;

import dl2.io.AtomicFiles;
import dl2.io.CheckpointDirectory;
import dl2.io.OutputPaths;
import dl2.learning.file.PolicySettings;
import dl2.simulation.SimulationResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Future;

/**
 * A checkpoint whose state was taken at its step and whose validation is still running.
 *
 * @param statistics mean slot reward, entropy, policy loss and value loss since the previous
 *     validation
 * @param policy final.policy's bytes at the step
 * @param resume the agents' part of resume.state at the step, or null for asynchronous runs
 */
record PendingCheckpoint(
    long step,
    double[] statistics,
    byte[] policy,
    byte[] resume,
    Future<List<SimulationResult>> validation) {

  boolean validated() {
    return validation.isDone();
  }

  List<SimulationResult> awaitValidation() {
    return RlTrainer.await(validation);
  }

  void cancel() {
    validation.cancel(false);
  }

  /**
   * Writes and commits the checkpoint into {@code directory}: final.policy, the curve, best.policy
   * (new, or the previous one kept) and, for a synchronous run, resume.state.
   */
  void write(
      CheckpointDirectory directory,
      RlConfig config,
      PolicySettings settings,
      boolean best,
      String curveText,
      double bestSoFar,
      List<double[]> rows) {
    try {
      CheckpointDirectory.Checkpoint checkpoint = directory.begin(step);
      AtomicFiles.write(checkpoint.file(Checkpoints.FINAL), policy);
      AtomicFiles.writeString(checkpoint.file(Checkpoints.CURVE), curveText);
      if (best) {
        AtomicFiles.write(
            checkpoint.file(Checkpoints.BEST), policy); // the same weights, step and info
      } else {
        checkpoint.keep(Checkpoints.BEST);
      }
      if (resume != null) {
        ResumeState.save(
            checkpoint.file(ResumeState.FILE), config, settings, step, bestSoFar, rows, resume);
      }
      checkpoint.commit();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write checkpoint "
              + step
              + " into "
              + directory.dir()
              + ": "
              + OutputPaths.reason(e),
          e);
    }
  }
}

package dl2.learning.rl;

import dl2.simulation.SimulationResult;
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
}

package dl2.learning.speeds;

import dl2.simulation.Simulator;

/**
 * The speeds of the oracle rewards (the reward modes that use the oracle): the simulator's true
 * ones, which no live cluster knows. The only place learning code may ask for them; the
 * architecture test keeps it so, and every output of a run that used them says so.
 */
public final class OracleSpeeds {
  private OracleSpeeds() {}

  public static SpeedEstimate of(Simulator simulator) {
    var oracle =
        simulator
            .speedOracle()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "an oracle reward needs simulated clusters opened with the speed oracle"));
    return oracle::epochsPerSlot;
  }
}

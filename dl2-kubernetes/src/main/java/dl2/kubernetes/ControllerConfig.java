package dl2.kubernetes;

import dl2.speed.SpeedModel;

/**
 * How the controller runs.
 *
 * @param namespace where the DL2Jobs, their pods and the controller's state live
 * @param slotSeconds T: the slot length, 1200 s in the paper; seconds for a demo
 * @param taskCap C: at most C workers and C parameter servers per job (each job may ask for less)
 * @param speed the speed estimates behind schedulers' dry runs (Optimus)
 */
public record ControllerConfig(String namespace, int slotSeconds, int taskCap, SpeedModel speed) {
  public static final int DEFAULT_SLOT_SECONDS = 1200;

  public ControllerConfig {
    if (slotSeconds < 1) {
      throw new IllegalArgumentException("the slot must last at least 1 s: " + slotSeconds);
    }
    if (taskCap < 1) {
      throw new IllegalArgumentException("the task cap must be at least 1: " + taskCap);
    }
  }
}

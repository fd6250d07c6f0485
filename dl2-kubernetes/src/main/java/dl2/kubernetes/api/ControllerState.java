package dl2.kubernetes.api;

import java.time.Instant;
import java.util.Map;

/**
 * What the controller keeps in the ConfigMap {@code dl2-controller-state}, so that a restarted
 * controller or another replica goes on where it stopped: the start of slot 0, the slot length (a
 * restart with another length would renumber every slot), and the driver that made the namespace's
 * objects (a switch removes that driver's objects first). A ConfigMap of an older controller may
 * lack the last two (null).
 */
public record ControllerState(Instant origin, Integer slotSeconds, String driver) {
  static final String ORIGIN = "slotOrigin";
  static final String SLOT_SECONDS = "slotSeconds";
  static final String DRIVER = "driver";

  static ControllerState of(Map<String, String> data) {
    String seconds = data.get(SLOT_SECONDS);
    Integer slotSeconds;
    try {
      slotSeconds = seconds == null ? null : Integer.valueOf(seconds.trim());
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "the ConfigMap "
              + ClusterApi.STATE_CONFIG_MAP
              + " holds slotSeconds \""
              + seconds
              + "\", not a number of seconds");
    }
    return new ControllerState(Instant.parse(data.get(ORIGIN)), slotSeconds, data.get(DRIVER));
  }

  Map<String, String> data() {
    return Map.of(
        ORIGIN, origin.toString(), SLOT_SECONDS, Integer.toString(slotSeconds), DRIVER, driver);
  }
}

package dl2.kubernetes.controller;

import dl2.kubernetes.api.FailureMessage;
import dl2.kubernetes.driver.DriverKind;
import dl2.kubernetes.driver.ScalingDriver;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;

/**
 * Removes every object a driver the controller no longer uses made, once, when the driver is
 * switched.
 */
final class PreviousDriver {
  private PreviousDriver() {}

  static ScalingDriver.Changes removeAll(ScalingDriver previous, DriverKind kind) {
    try {
      return previous.apply(List.of()); // no job gets tasks: everything it manages goes
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new ScalingDriver.Changes(
            0, 0); // its resource is gone (e.g. Volcano uninstalled): nothing is left
      }
      throw new IllegalStateException(
          "cannot remove the "
              + kind.cliName()
              + " driver's objects after the switch of "
              + "drivers (keep its RBAC rules until a slot has run): "
              + FailureMessage.of(e),
          e);
    }
  }
}

package dl2.kubernetes.api;

import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A taint the controller's pods tolerate, written {@code KEY[=VALUE][:EFFECT]} as kubectl taints
 * nodes; without a value any value matches, without an effect every effect. A node whose NoSchedule
 * or NoExecute taints the controller does not tolerate is not used, and every pod the controller
 * makes carries these tolerations (its template's own are kept).
 */
public record TaintToleration(String key, String value, String effect) {
  /**
   * The usual taint of GPU nodes (what the ExtendedResourceToleration admission plugin tolerates
   * for GPU pods).
   */
  public static final TaintToleration GPU_NODES =
      new TaintToleration(Labels.GPU_RESOURCE, null, null);

  /**
   * The taint that dedicates nodes to DL2 (docs/kubernetes.md): other pods, the controller's own
   * included, stay off.
   */
  public static final TaintToleration DEDICATED =
      new TaintToleration("dl2.io/dedicated", null, null);

  public static final List<TaintToleration> STANDARD = List.of(GPU_NODES, DEDICATED);

  private static final Pattern SYNTAX =
      Pattern.compile("([^=:\\s]+)(?:=([^=:\\s]*))?(?::(NoSchedule|PreferNoSchedule|NoExecute))?");

  /** {@code KEY[=VALUE][:EFFECT]}, e.g. {@code dedicated=dl2:NoSchedule}. */
  public static TaintToleration parse(String text) {
    Matcher m = SYNTAX.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "a toleration is KEY[=VALUE][:EFFECT] with EFFECT NoSchedule, "
              + "PreferNoSchedule or NoExecute: "
              + text);
    }
    return new TaintToleration(m.group(1), m.group(2), m.group(3));
  }

  public boolean tolerates(Taint taint) {
    return key.equals(taint.getKey())
        && (value == null || value.equals(taint.getValue() == null ? "" : taint.getValue()))
        && (effect == null || effect.equals(taint.getEffect()));
  }

  /** As a pod's toleration. */
  public Toleration toleration() {
    return new TolerationBuilder()
        .withKey(key)
        .withOperator(value == null ? "Exists" : "Equal")
        .withValue(value)
        .withEffect(effect)
        .build();
  }

  @Override
  public String toString() {
    return key + (value == null ? "" : "=" + value) + (effect == null ? "" : ":" + effect);
  }
}

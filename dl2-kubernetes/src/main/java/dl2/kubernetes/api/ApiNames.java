package dl2.kubernetes.api;

import java.util.regex.Pattern;

/**
 * Kubernetes' own naming rules (apimachinery's validation), to check a DL2Job before any object
 * named after it reaches the API server. Each check returns null if the name is valid, else what is
 * wrong, in the words of the API server's messages.
 */
public final class ApiNames {
  /** Labels, label values and names used as hostnames or Service names: at most 63 characters. */
  public static final int LABEL_MAX = 63;

  public static final int SUBDOMAIN_MAX = 253;
  private static final Pattern DNS1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS1123_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
  private static final Pattern IANA_SERVICE_NAME = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?");

  private ApiNames() {}

  /**
   * Container names, hostnames: lower-case alphanumerics and '-', starting and ending alphanumeric.
   */
  public static String dns1123Label(String name) {
    if (name == null || name.isEmpty()) {
      return "must not be empty";
    }
    if (name.length() > LABEL_MAX) {
      return "must be no more than " + LABEL_MAX + " characters (it has " + name.length() + ")";
    }
    return DNS1123_LABEL.matcher(name).matches()
        ? null
        : "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end "
            + "with an alphanumeric character";
  }

  /** Service names: as a DNS-1123 label, but starting with a letter. */
  public static String dns1035Label(String name) {
    if (name == null || name.isEmpty()) {
      return "must not be empty";
    }
    if (name.length() > LABEL_MAX) {
      return "must be no more than " + LABEL_MAX + " characters (it has " + name.length() + ")";
    }
    return DNS1035_LABEL.matcher(name).matches()
        ? null
        : "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, "
            + "and end with an alphanumeric character";
  }

  /**
   * Object names such as a label key's prefix: DNS-1123 labels joined by dots, at most 253
   * characters.
   */
  public static String dns1123Subdomain(String name) {
    if (name == null || name.isEmpty()) {
      return "must not be empty";
    }
    if (name.length() > SUBDOMAIN_MAX) {
      return "must be no more than " + SUBDOMAIN_MAX + " characters";
    }
    return DNS1123_SUBDOMAIN.matcher(name).matches()
        ? null
        : "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
            + "and end with an alphanumeric character";
  }

  /**
   * A label key: an optional DNS-1123 subdomain prefix and '/', then a name of at most 63
   * characters.
   */
  public static String labelKey(String key) {
    if (key == null || key.isEmpty()) {
      return "must not be empty";
    }
    int slash = key.lastIndexOf('/');
    if (slash >= 0) {
      String prefix = dns1123Subdomain(key.substring(0, slash));
      if (prefix != null) {
        return "prefix part " + prefix;
      }
    }
    String name = key.substring(slash + 1);
    if (name.isEmpty() || name.length() > LABEL_MAX) {
      return "name part must be 1 to " + LABEL_MAX + " characters";
    }
    return LABEL_VALUE.matcher(name).matches()
        ? null
        : "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
  }

  /**
   * A label value: empty, or at most 63 alphanumerics, '-', '_' and '.', starting and ending
   * alphanumeric.
   */
  public static String labelValue(String value) {
    if (value == null) {
      return null;
    }
    if (value.length() > LABEL_MAX) {
      return "must be no more than " + LABEL_MAX + " characters";
    }
    return LABEL_VALUE.matcher(value).matches()
        ? null
        : "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start "
            + "and end with an alphanumeric character";
  }

  /**
   * A port name: at most 15 lower-case alphanumerics and '-', with a letter, no "--", not starting
   * or ending with '-'.
   */
  public static String portName(String name) {
    if (name.isEmpty() || name.length() > 15) {
      return "must be no more than 15 characters";
    }
    if (!IANA_SERVICE_NAME.matcher(name).matches()
        || name.contains("--")
        || name.chars().noneMatch(Character::isLetter)) {
      return "must contain only lower case alphanumeric characters or '-', at least one letter, no '--', and must start "
          + "and end with an alphanumeric character";
    }
    return null;
  }
}

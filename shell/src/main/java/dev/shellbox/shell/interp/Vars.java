package dev.shellbox.shell.interp;

import dev.shellbox.shell.expand.ExpansionError;
import dev.shellbox.shell.interp.builtins.DeclarationArg;
import dev.shellbox.shell.io.LimitExceededException;
import dev.shellbox.shell.io.LimitNames;
import dev.shellbox.shell.syntax.ArrayElement;
import dev.shellbox.shell.syntax.Assignment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Variable semantics: lookup through namerefs, dynamic variables, assignment with attributes, arrays, export. */
final class Vars {
    /** Attribute of the variables computed on read (RANDOM, LINENO, ...); not printed. */
    static final int DYNAMIC = 1 << 12;

    private Vars() {}

    // ---- lookup ----

    /** The variable bound to {@code name} after following namerefs; null when none. */
    static Variable lookup(Interpreter sh, String name) {
        String target = resolveName(sh, name);
        if (target == null || target.indexOf('[') >= 0) {
            return null;
        }
        return sh.st.vars.get(target);
    }

    /** Whether a nameref's value designates a variable: a name or {@code name[subscript]}. */
    static boolean isValidReference(String target) {
        if (target == null || target.isEmpty()) {
            return false;
        }
        int bracket = target.indexOf('[');
        if (bracket > 0 && target.endsWith("]")) {
            return Interpreter.isValidName(target.substring(0, bracket));
        }
        return Interpreter.isValidName(target);
    }

    /** Whether {@code v} acts as a nameref (its value is a valid reference). */
    static boolean isActiveNameref(Variable v) {
        return v != null && v.has(Variable.NAMEREF) && isValidReference(v.value);
    }

    /**
     * The name a (possibly nameref) variable finally designates, e.g. {@code ref -> a[1]}; null for a circular
     * chain of namerefs.
     */
    static String resolveName(Interpreter sh, String name) {
        Variable v = sh.st.vars.get(name);
        java.util.Set<String> seen = null;
        while (isActiveNameref(v)) {
            if (seen == null) {
                seen = new java.util.HashSet<>();
            }
            if (!seen.add(name)) {
                return null;
            }
            name = v.value;
            if (name.indexOf('[') >= 0) {
                return name;
            }
            v = sh.st.vars.get(name);
        }
        return name;
    }

    /** The variable as expansion sees it: dynamic values computed, namerefs followed (also to elements). */
    static Variable visible(Interpreter sh, String name) {
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            return null;
        }
        if (isActiveNameref(v)) {
            String target = resolveName(sh, name);
            if (target == null) {
                sh.writeErr(sh.st.shellName + ": warning: " + name + ": circular name reference\n");
                return null;
            }
            int bracket = target.indexOf('[');
            if (bracket > 0 && target.endsWith("]")) {
                Variable arr = visible(sh, target.substring(0, bracket));
                if (arr == null) {
                    return null;
                }
                String sub = target.substring(bracket + 1, target.length() - 1);
                String value;
                if (arr.isAssociativeArray()) {
                    value = arr.element(sh.expander.expandSubscriptKey(sub));
                } else {
                    long i = sh.expander.evaluateSubscript(sub);
                    value = arr.element(i < 0 ? i + arr.indexLimit() : i);
                }
                return value == null ? null : new Variable(value);
            }
            v = sh.st.vars.get(target);
            if (v == null) {
                return null;
            }
            name = target;
        }
        if (v.has(DYNAMIC)) {
            return dynamic(sh, name, v);
        }
        return v;
    }

    private static Variable dynamic(Interpreter sh, String name, Variable v) {
        ShellState st = sh.st;
        switch (name) {
            case "LINENO":
                return new Variable(Integer.toString(st.lineNumber));
            case "_":
                return new Variable(st.lastArgument);
            case "SHELLOPTS": {
                StringBuilder sb = new StringBuilder();
                for (String o : Options.SET_OPTIONS.keySet()) {
                    if (st.options.get(o)) {
                        sb.append(sb.length() == 0 ? "" : ":").append(o);
                    }
                }
                Variable r = new Variable(sb.toString());
                r.attributes = v.attributes & ~DYNAMIC;
                return r;
            }
            case "BASHOPTS": {
                StringBuilder sb = new StringBuilder();
                for (java.util.Map.Entry<String, Boolean> e :
                        st.options.shoptOptions().entrySet()) {
                    if (e.getValue()) {
                        sb.append(sb.length() == 0 ? "" : ":").append(e.getKey());
                    }
                }
                Variable r = new Variable(sb.toString());
                r.attributes = v.attributes & ~DYNAMIC;
                return r;
            }
            case "RANDOM":
                st.randomSeed = st.randomSeed * 1103515245L + 12345L;
                return new Variable(Long.toString((st.randomSeed >>> 16) & 0x7fff));
            case "SRANDOM":
                return new Variable(Long.toString(new java.security.SecureRandom().nextInt() & 0xffffffffL));
            case "SECONDS":
                return new Variable(Long.toString((sh.session.clock.millis() - st.secondsBase) / 1000));
            case "EPOCHSECONDS":
                return new Variable(Long.toString(sh.session.clock.millis() / 1000));
            case "EPOCHREALTIME": {
                long micros = java.time.Instant.now(sh.session.clock).toEpochMilli() * 1000
                        + (System.nanoTime() / 1000) % 1000;
                return new Variable(micros / 1_000_000 + "." + String.format("%06d", micros % 1_000_000));
            }
            case "BASHPID":
                return new Variable(Long.toString(st.pid));
            case "BASH_SUBSHELL":
                return new Variable(Integer.toString(st.subshellLevel));
            case "FUNCNAME":
            case "BASH_SOURCE":
            case "BASH_LINENO": {
                if (st.calls.size() <= 1 && !name.equals("BASH_SOURCE")) {
                    Variable empty = Variable.indexedArray();
                    return name.equals("FUNCNAME") ? null : empty;
                }
                Variable arr = Variable.indexedArray();
                long i = 0;
                for (int k = st.calls.size() - 1; k >= 0; k--) {
                    ShellState.CallFrame f = st.calls.get(k);
                    String value = switch (name) {
                        case "FUNCNAME" -> k == 0 ? "main" : f.function;
                        case "BASH_SOURCE" -> f.source;
                        default -> Integer.toString(k == 0 ? 0 : f.callLine);
                    };
                    if (k == 0 && name.equals("FUNCNAME") && st.calls.size() <= 1) {
                        break;
                    }
                    arr.indexed.put(i++, value);
                }
                return arr;
            }
            case "PIPESTATUS": {
                Variable arr = Variable.indexedArray();
                long i = 0;
                for (int s : st.pipeStatus) {
                    arr.indexed.put(i++, Integer.toString(s));
                }
                return arr;
            }
            default:
                return v;
        }
    }

    // ---- assignment ----

    /** Assigns a scalar (element 0 of an array); prints the error and returns false for a readonly variable. */
    static boolean assign(Interpreter sh, String name, String value) {
        try {
            assignOrAbort(sh, name, value);
            return true;
        } catch (ExpansionError e) {
            sh.errorLine(e.getMessage());
            return false;
        }
    }

    /** Assigns a scalar; throws ExpansionError for a readonly variable. */
    static void assignOrAbort(Interpreter sh, String name, String value) {
        Variable raw = sh.st.vars.get(name);
        if (isActiveNameref(raw)) {
            String target = resolveName(sh, name);
            if (target == null) {
                throw new ExpansionError(name + ": circular name reference");
            }
            int bracket = target.indexOf('[');
            if (bracket > 0 && target.endsWith("]")) {
                String arr = target.substring(0, bracket);
                String sub = target.substring(bracket + 1, target.length() - 1);
                Variable av = lookup(sh, arr);
                if (sub.equals("@") || sub.equals("*")) {
                    throw new ExpansionError(target + ": invalid variable name for name reference");
                }
                if (av != null && av.isAssociativeArray()) {
                    assignElementOrAbort(sh, arr, 0, sh.expander.expandSubscriptKey(sub), value);
                } else {
                    assignElementOrAbort(sh, arr, sh.expander.evaluateSubscript(sub), null, value);
                }
                return;
            }
            if (!Interpreter.isValidName(target)) {
                throw new ExpansionError(target + ": invalid variable name for name reference");
            }
            name = target;
        }
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            v = new Variable();
            if (sh.st.options.allexport) {
                v.attributes |= Variable.EXPORT;
            }
            sh.st.vars.global().vars.put(name, v);
        }
        if (v.has(Variable.READONLY)) {
            throw new ExpansionError(name + ": readonly variable");
        }
        if (v.has(DYNAMIC)) {
            assignDynamic(sh, name, v, value);
            return;
        }
        value = transform(sh, v, value);
        checkLength(sh, value);
        if (v.indexed != null) {
            v.indexed.put(0L, value);
        } else if (v.associative != null) {
            v.associative.put("0", value);
        } else {
            v.value = value;
        }
        if (v.has(Variable.EXPORT) || sh.st.options.allexport) {
            if (sh.st.options.allexport) {
                v.attributes |= Variable.EXPORT;
            }
            environmentChanged(sh);
        }
        afterAssign(sh, name, value);
    }

    private static void assignDynamic(Interpreter sh, String name, Variable v, String value) {
        switch (name) {
            case "RANDOM":
                try {
                    sh.st.randomSeed = Long.parseLong(value.strip());
                } catch (NumberFormatException e) {
                    sh.st.randomSeed = value.hashCode();
                }
                return;
            case "SECONDS":
                try {
                    sh.st.secondsBase = sh.session.clock.millis() - Long.parseLong(value.strip()) * 1000;
                } catch (NumberFormatException e) {
                    sh.st.secondsBase = sh.session.clock.millis();
                }
                return;
            case "LINENO":
            case "BASHPID":
            case "BASH_SUBSHELL":
            case "EPOCHSECONDS":
            case "EPOCHREALTIME":
            case "SRANDOM":
            case "FUNCNAME":
            case "BASH_SOURCE":
            case "BASH_LINENO":
                return;
            default:
                v.attributes &= ~DYNAMIC;
                v.value = value;
        }
    }

    private static void afterAssign(Interpreter sh, String name, String value) {
        if (name.equals("OPTIND")) {
            sh.st.getoptsCharIndex = 1;
        }
    }

    /** The value after integer, lowercase and uppercase attributes. */
    static String transform(Interpreter sh, Variable v, String value) {
        if (v.has(Variable.INTEGER)) {
            value = Long.toString(sh.expander.evaluateArithmetic(value));
        }
        if (v.has(Variable.LOWERCASE)) {
            value = value.toLowerCase();
        } else if (v.has(Variable.UPPERCASE)) {
            value = value.toUpperCase();
        } else if (v.has(Variable.CAPITALIZE) && !value.isEmpty()) {
            value = value.substring(0, 1).toUpperCase() + value.substring(1).toLowerCase();
        }
        return value;
    }

    private static void checkLength(Interpreter sh, String value) {
        if (value.length() > sh.session.limits.maxStringLength()) {
            throw new LimitExceededException(
                    LimitNames.MAX_STRING_LENGTH,
                    "value longer than " + sh.session.limits.maxStringLength() + " characters");
        }
    }

    /** Assigns one array element (index for indexed arrays, key for associative ones). */
    static void assignElementOrAbort(Interpreter sh, String name, long index, String key, String value) {
        String resolved = resolveName(sh, name);
        if (resolved == null) {
            throw new ExpansionError(name + ": circular name reference");
        }
        if (resolved.indexOf('[') >= 0) {
            throw new ExpansionError("`" + resolved + "': not a valid identifier");
        }
        name = resolved;
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            v = key != null ? Variable.associativeArray() : Variable.indexedArray();
            if (sh.st.options.allexport) {
                v.attributes |= Variable.EXPORT;
            }
            sh.st.vars.global().vars.put(name, v);
        }
        if (v.has(Variable.READONLY)) {
            throw new ExpansionError(name + ": readonly variable");
        }
        value = transform(sh, v, value);
        checkLength(sh, value);
        if (v.associative != null) {
            v.associative.put(key != null ? key : Long.toString(index), value);
            checkSize(sh, v);
            return;
        }
        if (v.indexed == null) {
            v.convertToIndexed();
        }
        if (index < 0) {
            long limit = v.indexLimit();
            if (index + limit < 0) {
                throw new ExpansionError(name + "[" + index + "]: bad array subscript");
            }
            index += limit;
        }
        v.indexed.put(index, value);
        checkSize(sh, v);
    }

    private static void checkSize(Interpreter sh, Variable v) {
        if (v.size() > sh.session.limits.maxArrayElements()) {
            throw new LimitExceededException(
                    LimitNames.MAX_ARRAY_ELEMENTS,
                    "array larger than " + sh.session.limits.maxArrayElements() + " elements");
        }
    }

    /** Expands array literal elements to {key-or-null, value, "+" when appending}. */
    static List<String[]> expandArrayElements(Interpreter sh, List<ArrayElement> elements) {
        List<String[]> out = new ArrayList<>();
        for (ArrayElement e : elements) {
            if (e.key() != null) {
                String key = sh.expander.expandString(e.key());
                String value = sh.expander.expandNoTilde(e.value());
                out.add(new String[] {key, value, e.append() ? "+" : null});
            } else {
                List<String> words = new ArrayList<>();
                sh.expander.expandWordInto(e.value(), words);
                for (String w : words) {
                    out.add(new String[] {null, w, null});
                }
            }
        }
        return out;
    }

    /**
     * Assigns a whole array from expanded elements. {@code assocHint} forces an associative array (declare -A);
     * otherwise the existing variable's kind is kept.
     */
    static void assignArray(
            Interpreter sh,
            String name,
            List<String[]> elements,
            boolean append,
            Variables.Frame frame,
            boolean assocHint) {
        name = resolveName(sh, name);
        Variable v = frame != null ? frame.vars.get(name) : sh.st.vars.get(name);
        if (v == null) {
            v = assocHint ? Variable.associativeArray() : Variable.indexedArray();
            if (sh.st.options.allexport) {
                v.attributes |= Variable.EXPORT;
            }
            (frame != null ? frame : sh.st.vars.global()).vars.put(name, v);
        }
        if (v.has(Variable.READONLY)) {
            throw new ExpansionError(name + ": readonly variable");
        }
        if (assocHint && v.associative == null) {
            v.convertToAssociative();
            v.associative.clear();
        }
        if (v.associative != null) {
            AssocArray map = append ? v.associative : new AssocArray();
            boolean pairs = elements.stream().allMatch(e -> e[0] == null);
            if (pairs && !elements.isEmpty()) {
                for (int i = 0; i < elements.size(); i += 2) {
                    String key = elements.get(i)[1];
                    String value = i + 1 < elements.size() ? elements.get(i + 1)[1] : "";
                    map.put(key, transform(sh, v, value));
                }
            } else {
                for (String[] e : elements) {
                    if (e[0] == null) {
                        sh.errorLine(name + ": " + e[1] + ": must use subscript when assigning associative array");
                        continue;
                    }
                    String value = transform(sh, v, e[1]);
                    if (e[2] != null) {
                        value = map.getOrDefault(e[0], "") + value;
                    }
                    map.put(e[0], value);
                }
            }
            v.associative = map;
            v.value = null;
            checkSize(sh, v);
            return;
        }
        TreeMap<Long, String> arr;
        if (append) {
            if (v.indexed == null) {
                v.convertToIndexed();
            }
            arr = v.indexed;
        } else {
            arr = new TreeMap<>();
        }
        long next = arr.isEmpty() ? 0 : arr.lastKey() + 1;
        for (String[] e : elements) {
            long index = next;
            if (e[0] != null) {
                index = sh.expander.evaluateArithmetic(e[0]);
                if (index < 0) {
                    long limit = arr.isEmpty() ? 0 : arr.lastKey() + 1;
                    if (index + limit < 0) {
                        sh.errorLine(name + "[" + e[0] + "]: bad array subscript");
                        continue;
                    }
                    index += limit;
                }
            }
            String value = transform(sh, v, e[1]);
            if (e[2] != null) {
                value = arr.getOrDefault(index, "") + value;
            }
            arr.put(index, value);
            next = index + 1;
        }
        v.indexed = arr;
        v.associative = null;
        v.value = null;
        v.attributes = (v.attributes & ~Variable.ASSOCIATIVE) | Variable.INDEXED;
        checkSize(sh, v);
        if (v.has(Variable.EXPORT)) {
            environmentChanged(sh);
        }
    }

    /**
     * Applies an assignment word ({@code x=v}, {@code x+=v}, {@code a[i]=v}, {@code a=(...)}); {@code local} puts it
     * in the current function's scope. Returns false (after printing) when the variable is readonly.
     */
    static boolean applyAssignment(Interpreter sh, Assignment a, boolean local) {
        String name = a.name();
        try {
            if (a.isArray() && name.indexOf('[') >= 0) {
                sh.errorLine(name + ": cannot assign list to array member");
                return false;
            }
            if (a.isArray()) {
                List<String[]> elems = expandArrayElements(sh, a.array());
                Variable existing = lookup(sh, name);
                assignArray(sh, name, elems, a.append(), null, existing != null && existing.isAssociativeArray());
                return true;
            }
            String value = sh.expander.expandAssignmentValue(a.value());
            if (a.index() != null) {
                Variable existing = lookup(sh, name);
                if (existing != null && existing.isAssociativeArray()) {
                    String key = sh.expander.expandString(a.index());
                    if (a.append()) {
                        String old = existing.element(key);
                        value = (old == null ? "" : old) + value;
                    }
                    assignElementOrAbort(sh, name, 0, key, value);
                } else {
                    String indexText = sh.expander.expandString(a.index());
                    long index = sh.expander.evaluateArithmetic(indexText);
                    if (a.append() && existing != null) {
                        long i = index < 0 ? index + existing.indexLimit() : index;
                        String old = existing.element(i);
                        if (existing.has(Variable.INTEGER)) {
                            value = Long.toString(sh.expander.evaluateArithmetic(old == null ? "0" : old)
                                    + sh.expander.evaluateArithmetic(value));
                        } else {
                            value = (old == null ? "" : old) + value;
                        }
                    }
                    assignElementOrAbort(sh, name, index, null, value);
                }
                return true;
            }
            if (a.append()) {
                Variable existing = lookup(sh, name);
                if (existing != null && existing.isSet()) {
                    if (existing.has(Variable.INTEGER)) {
                        String old = existing.scalarValue();
                        value = Long.toString(sh.expander.evaluateArithmetic(old == null ? "0" : old)
                                + sh.expander.evaluateArithmetic(value));
                    } else {
                        String old = existing.scalarValue();
                        value = (old == null ? "" : old) + value;
                    }
                }
            }
            assignOrAbort(sh, name, value);
            return true;
        } catch (ExpansionError e) {
            if (e.getMessage().endsWith("readonly variable")) {
                sh.errorLine(e.getMessage());
                return false;
            }
            throw e;
        }
    }

    // ---- environment ----

    static void environmentChanged(Interpreter sh) {
        // the environment is computed when needed; nothing is cached yet
    }

    /** The exported variables (with temporary bindings) as the environment of a command. */
    static Map<String, String> environment(Interpreter sh) {
        Map<String, String> env = new TreeMap<>();
        for (Map.Entry<String, Variable> e : sh.st.vars.visible().entrySet()) {
            Variable v = e.getValue();
            if (v.has(Variable.EXPORT) && !v.isArray()) {
                String value = v.has(DYNAMIC) ? visible(sh, e.getKey()).scalarValue() : v.value;
                if (value != null) {
                    env.put(e.getKey(), value);
                }
            }
        }
        return env;
    }

    /** Removes a variable (its innermost binding); false when it is readonly. */
    static boolean unset(Interpreter sh, String name) {
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            return true;
        }
        if (v.has(Variable.READONLY)) {
            sh.errorLine("unset: " + name + ": cannot unset: readonly variable");
            return false;
        }
        if (isActiveNameref(v)) {
            String target = resolveName(sh, name);
            if (target != null && !target.equals(name)) {
                return unsetTarget(sh, target);
            }
        }
        int idx = sh.st.vars.frameIndexOf(name);
        Variables.Frame f = sh.st.vars.frame(idx);
        if (idx > 0 && f.function && sh.st.vars.localFrameIndex() == idx) {
            // unsetting a local of the current function leaves it declared but unset
            Variable unsetLocal = new Variable();
            unsetLocal.attributes = v.attributes & Variable.EXPORT;
            f.vars.remove(name);
            // bash: the local stays shadowing; reading it gives empty
            f.vars.put(name, unsetLocal);
        } else {
            f.vars.remove(name);
        }
        if (v.has(Variable.EXPORT)) {
            environmentChanged(sh);
        }
        return true;
    }

    private static boolean unsetTarget(Interpreter sh, String target) {
        int bracket = target.indexOf('[');
        if (bracket > 0) {
            return unsetElement(sh, target.substring(0, bracket), target.substring(bracket + 1, target.length() - 1));
        }
        return unset(sh, target);
    }

    /** Unsets one element of an array; {@code @} or {@code *} unsets the whole array. */
    static boolean unsetElement(Interpreter sh, String name, String subscript) {
        name = resolveName(sh, name);
        Variable v = sh.st.vars.get(name);
        if (v == null) {
            return true;
        }
        if (v.has(Variable.READONLY)) {
            sh.builtinError("unset", name + ": cannot unset: readonly variable");
            return false;
        }
        if (subscript.equals("@") || subscript.equals("*")) {
            return unset(sh, name);
        }
        if (v.isAssociativeArray()) {
            v.associative.remove(subscript);
            return true;
        }
        long index = sh.expander.evaluateArithmetic(subscript);
        if (v.isIndexedArray()) {
            if (index < 0) {
                index += v.indexLimit();
                if (index < 0) {
                    sh.builtinError("unset", name + "[" + subscript + "]: bad array subscript");
                    return false;
                }
            }
            v.indexed.remove(index);
            return true;
        }
        if (index == 0 || index == -1) {
            return unset(sh, name);
        }
        return true;
    }

    /** {@code test -v}: whether a variable, or an element {@code name[subscript]}, is set. */
    static boolean isVariableSet(Interpreter sh, String operand) {
        int bracket = operand.indexOf('[');
        if (bracket > 0 && operand.endsWith("]")) {
            String name = operand.substring(0, bracket);
            String sub = operand.substring(bracket + 1, operand.length() - 1);
            Variable v = visible(sh, name);
            if (v == null) {
                return false;
            }
            if (sub.equals("@") || sub.equals("*")) {
                return v.size() > 0;
            }
            if (v.isAssociativeArray()) {
                return v.element(sub) != null;
            }
            long i = sh.expander.evaluateArithmetic(sub);
            if (i < 0) {
                i += v.indexLimit();
            }
            return v.element(i) != null;
        }
        Variable v = visible(sh, operand);
        if (v == null) {
            return false;
        }
        if (v.isArray()) {
            return v.scalarValue() != null;
        }
        return v.isSet();
    }

    // ---- declare ----

    /**
     * Applies {@code declare}, {@code local}, {@code export} or {@code readonly} to one name: attributes {@code on}
     * and {@code off} (Variable's bits), then the value if one was given; false, message printed, on an error.
     * {@code local} declares it in the function's scope.
     */
    static boolean declare(Interpreter sh, String cmd, DeclarationArg d, int on, int off, boolean local) {
        String name = d.name();
        Variables.Frame frame;
        Variable v;
        if (local) {
            frame = sh.st.vars.localFrame();
            v = frame.vars.get(name);
            if (v == null) {
                Variable outer = sh.st.vars.get(name);
                if (outer != null && outer.has(Variable.READONLY) && cmd.equals("local")) {
                    sh.builtinError(cmd, name + ": readonly variable");
                    return false;
                }
                v = new Variable();
                if (sh.st.options.shopt("localvar_inherit") && outer != null) {
                    v = outer.copy();
                    v.attributes &= ~Variable.READONLY;
                }
                frame.vars.put(name, v);
            }
        } else {
            String target = ((on | off) & Variable.NAMEREF) != 0 ? name : resolveName(sh, name);
            if (target == null || target.indexOf('[') >= 0) {
                target = name;
            }
            name = target;
            v = sh.st.vars.get(name);
            if (v == null) {
                v = new Variable();
                sh.st.vars.global().vars.put(name, v);
            }
        }
        if (v.has(Variable.READONLY) && (d.value() != null || d.array() != null || (off & Variable.READONLY) != 0)) {
            sh.builtinError(cmd, name + ": readonly variable");
            return false;
        }
        if ((on & Variable.NAMEREF) != 0) {
            String target = d.value() != null ? d.value() : v.value;
            if (target != null && !validNamerefTarget(target)) {
                sh.builtinError(cmd, "`" + target + "': invalid variable name for name reference");
                return false;
            }
        }
        if ((on & Variable.ASSOCIATIVE) != 0 && v.isIndexedArray()) {
            sh.builtinError(cmd, name + ": cannot convert indexed to associative array");
            return false;
        }
        if ((on & Variable.INDEXED) != 0 && v.isAssociativeArray()) {
            sh.builtinError(cmd, name + ": cannot convert associative to indexed array");
            return false;
        }
        int keep = on & ~(Variable.READONLY | Variable.INDEXED | Variable.ASSOCIATIVE);
        if ((keep & Variable.UPPERCASE) != 0) {
            v.attributes &= ~Variable.LOWERCASE;
        }
        if ((keep & Variable.LOWERCASE) != 0) {
            v.attributes &= ~Variable.UPPERCASE;
        }
        v.attributes = (v.attributes | keep) & ~(off & ~(Variable.INDEXED | Variable.ASSOCIATIVE));
        if ((on & Variable.ASSOCIATIVE) != 0) {
            v.convertToAssociative();
        } else if ((on & Variable.INDEXED) != 0) {
            v.convertToIndexed();
        }
        if (d.array() != null) {
            assignArray(
                    sh, name, d.array(), d.append(), local ? sh.st.vars.localFrame() : null, v.isAssociativeArray());
        } else if (d.value() != null) {
            String value = d.value();
            if (d.index() != null) {
                if (v.isAssociativeArray()) {
                    assignElementOrAbort(sh, name, 0, d.index(), value);
                } else {
                    assignElementOrAbort(sh, name, sh.expander.evaluateArithmetic(d.index()), null, value);
                }
            } else if (v.has(Variable.NAMEREF)) {
                v.value = value;
            } else {
                if (d.append() && v.isSet()) {
                    String old = v.scalarValue();
                    if (v.has(Variable.INTEGER)) {
                        value = Long.toString(sh.expander.evaluateArithmetic(old == null ? "0" : old)
                                + sh.expander.evaluateArithmetic(value));
                    } else {
                        value = (old == null ? "" : old) + value;
                    }
                }
                value = transform(sh, v, value);
                if (v.indexed != null) {
                    v.indexed.put(0L, value);
                } else if (v.associative != null) {
                    v.associative.put("0", value);
                } else {
                    v.value = value;
                }
            }
        }
        if ((on & Variable.READONLY) != 0) {
            v.attributes |= Variable.READONLY;
        }
        if (sh.st.options.allexport && (d.value() != null || d.array() != null)) {
            v.attributes |= Variable.EXPORT;
        }
        environmentChanged(sh);
        return true;
    }

    private static boolean validNamerefTarget(String value) {
        String name = value;
        int bracket = value.indexOf('[');
        if (bracket > 0 && value.endsWith("]")) {
            name = value.substring(0, bracket);
        }
        return value.isEmpty() || Interpreter.isValidName(name);
    }
}

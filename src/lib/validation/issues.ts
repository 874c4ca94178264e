/**
 * valibot issues as the portal's own messages. A schema that names its messages (v.string('Please
 * Enter Mobile Number'), v.maxLength(80, '...')) gives them for the checks it names; for any other
 * check (an array where a text was expected, an object, a length the field never mentions)
 * valibot writes its own English, "Invalid type: Expected string but received Array", which no
 * visitor or API client should read. Such an issue gets the field's own message instead: the
 * first message its schema names, going up to the enclosing field when it names none, and
 * FIELD_CHECK when nothing on the way does.
 *
 *   issueMessage(issue, schema)   // 'Enter a Valid Mobile Number' for { mobile: ['9…'] }
 */
import type * as v from 'valibot';

/** The fallback for a field whose schema names no message of its own. */
export const FIELD_CHECK = 'Please check this field.';

/** valibot's default text: "Invalid type: Expected X but received Y" (or "Received Y"). */
const VALIBOT_DEFAULT = /^Invalid [^:]+: (?:Expected [\s\S]* but r|R)eceived /;

/** True when the message is valibot's own English, not one the schema named. */
export function isValidatorText(message: string): boolean {
  return VALIBOT_DEFAULT.test(message);
}

interface SchemaNode {
  kind?: string;
  message?: unknown;
  pipe?: SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  value?: SchemaNode;
  items?: SchemaNode[];
  rest?: SchemaNode;
}

/** The first message a schema (through optional and nullable wrappers) names itself. */
function namedMessage(node: SchemaNode | undefined): string | undefined {
  for (let current = node; current; current = current.wrapped) {
    if (typeof current.message === 'string') return current.message;
    for (const action of current.pipe ?? []) {
      if (action !== current && typeof action.message === 'string') return action.message;
    }
  }
  return undefined;
}

/** The schema one key down: an object's entry, an array's or record's item, a tuple's item. */
function child(node: SchemaNode, key: unknown): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  while (current?.wrapped) current = current.wrapped;
  if (!current) return undefined;
  if (current.entries && typeof key === 'string') return current.entries[key];
  if (current.items && typeof key === 'number') return current.items[key] ?? current.rest;
  return current.item ?? current.value;
}

/**
 * The message of the field the issue is on: the deepest schema along the issue's path that names
 * one. undefined when none does.
 */
export function ownMessage(
  schema: unknown,
  path: readonly { key: unknown }[] | undefined,
): string | undefined {
  const nodes: SchemaNode[] = [];
  let node = schema as SchemaNode | undefined;
  for (const item of path ?? []) {
    if (!node) break;
    node = child(node, item.key);
    if (node) nodes.push(node);
  }
  for (let i = nodes.length - 1; i >= 0; i--) {
    const message = namedMessage(nodes[i]);
    if (message) return message;
  }
  return undefined;
}

/**
 * The message to show for an issue: the schema's own when it named one, else the field's own
 * message, else FIELD_CHECK. Without the schema, a validator text becomes FIELD_CHECK.
 */
export function issueMessage(issue: v.BaseIssue<unknown>, schema?: unknown): string {
  if (!isValidatorText(issue.message)) return issue.message;
  return (schema !== undefined ? ownMessage(schema, issue.path) : undefined) ?? FIELD_CHECK;
}

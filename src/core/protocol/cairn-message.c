/* cairn-message.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-message"

#include "config.h"

#include <glib/gi18n.h>

#include "protocol/cairn-json.h"
#include "protocol/cairn-json-parse.h"
#include "protocol/cairn-message.h"

/* One line the CLI printed. The raw bytes are always kept, so that nothing
 * the CLI says is lost even when Cairn cannot make sense of it. */
struct _CairnMessage
{
  GObject           parent_instance;
  GBytes           *raw;
  gsize             original_size;  /* of the line as printed, before shortening */
  JsonNode         *root;
  CairnMessageKind  kind;
  char             *parse_error;
};

G_DEFINE_FINAL_TYPE (CairnMessage, cairn_message, G_TYPE_OBJECT)

static const struct {
  const char       *name;
  CairnMessageKind  kind;
} kinds[] = {
  { "system", CAIRN_MESSAGE_SYSTEM },
  { "assistant", CAIRN_MESSAGE_ASSISTANT },
  { "user", CAIRN_MESSAGE_USER },
  { "result", CAIRN_MESSAGE_RESULT },
  { "stream_event", CAIRN_MESSAGE_STREAM_EVENT },
  { "control_request", CAIRN_MESSAGE_CONTROL_REQUEST },
  { "control_response", CAIRN_MESSAGE_CONTROL_RESPONSE },
  { "control_cancel_request", CAIRN_MESSAGE_CONTROL_CANCEL_REQUEST },
  { "rate_limit_event", CAIRN_MESSAGE_RATE_LIMIT_EVENT },
  { "command_lifecycle", CAIRN_MESSAGE_COMMAND_LIFECYCLE },
  { "conversation_reset", CAIRN_MESSAGE_CONVERSATION_RESET },
};

static void
cairn_message_finalize (GObject *object)
{
  CairnMessage *self = (CairnMessage *)object;

  g_clear_pointer (&self->raw, g_bytes_unref);
  g_clear_pointer (&self->root, json_node_unref);
  g_clear_pointer (&self->parse_error, g_free);

  G_OBJECT_CLASS (cairn_message_parent_class)->finalize (object);
}

static void
cairn_message_class_init (CairnMessageClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_message_finalize;
}

static void
cairn_message_init (CairnMessage *self)
{
}

static CairnMessageKind
kind_for_type_name (const char *name)
{
  if (name == NULL)
    return CAIRN_MESSAGE_UNKNOWN;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (g_str_equal (kinds[i].name, name))
      return kinds[i].kind;
  return CAIRN_MESSAGE_UNKNOWN;
}

static gboolean
parse_root (CairnMessage *self,
            const char   *line,
            gsize         length)
{
  CairnJsonParseError error;
  gsize offset;

  self->root = cairn_json_parse_object (line, length, CAIRN_MESSAGE_MAX_DEPTH, &error, &offset);
  switch (error)
    {
    case CAIRN_JSON_PARSE_OK:
      return TRUE;
    case CAIRN_JSON_PARSE_TOO_DEEP:
      self->parse_error = g_strdup_printf (_("The line nests deeper than %d levels"), CAIRN_MESSAGE_MAX_DEPTH);
      break;
    case CAIRN_JSON_PARSE_INVALID_UTF8:
      self->parse_error = g_strdup (_("The line is not valid UTF-8"));
      break;
    case CAIRN_JSON_PARSE_NOT_OBJECT:
      /* invalid UTF-8 is the better reason when there is one */
      self->parse_error = g_strdup (g_utf8_validate_len (line, length, NULL)
                                    ? _("The line is not a JSON object")
                                    : _("The line is not valid UTF-8"));
      break;
    case CAIRN_JSON_PARSE_SYNTAX:
    default:
      self->parse_error = g_strdup_printf (_("The line is not valid JSON (at byte %lu)"), (gulong) offset + 1);
      break;
    }
  return FALSE;
}

/* Takes @raw, the line's bytes (maybe shortened), and parses them. */
static CairnMessage *
message_from_raw (GBytes *raw,
                  gsize   original_size)
{
  CairnMessage *self = g_object_new (CAIRN_TYPE_MESSAGE, NULL);
  gsize size;
  const char *data = g_bytes_get_data (raw, &size);

  self->raw = raw;
  self->original_size = original_size;
  if (!parse_root (self, data ? data : "", size))
    self->kind = CAIRN_MESSAGE_INVALID;
  else
    self->kind = kind_for_type_name (cairn_message_get_type_name (self));
  return self;
}

/**
 * cairn_message_new_from_line:
 * @line: the bytes of one line, without its newline
 * @length: the length of @line
 *
 * Never fails: a line that is not a JSON object becomes a message of kind
 * %CAIRN_MESSAGE_INVALID that still carries its raw bytes and the reason.
 */
CairnMessage *
cairn_message_new_from_line (const char *line,
                             gsize       length)
{
  g_return_val_if_fail (line != NULL || length == 0, NULL);

  /* a huge line is copied once and shortened in the copy */
  if (length > CAIRN_MESSAGE_SHORTEN_ABOVE)
    return cairn_message_new_take_line (g_memdup2 (line, length), length);
  return message_from_raw (g_bytes_new (line, length), length);
}

/**
 * cairn_message_new_take_line:
 * @line: (transfer full): the bytes of one line, without its newline,
 *   from g_malloc()
 * @length: the length of @line
 *
 * As cairn_message_new_from_line(), without a copy of @line; a line longer
 * than %CAIRN_MESSAGE_SHORTEN_ABOVE has its strings cut to
 * %CAIRN_MESSAGE_STRING_KEPT bytes first (cairn_json_shorten_strings()),
 * so a 100 MB line costs about its size once, not three times over. Its
 * size as printed stays known (cairn_message_get_original_size()).
 */
CairnMessage *
cairn_message_new_take_line (char  *line,
                             gsize  length)
{
  gsize kept = length;

  g_return_val_if_fail (line != NULL || length == 0, NULL);

  if (length > CAIRN_MESSAGE_SHORTEN_ABOVE)
    {
      kept = cairn_json_shorten_strings (line, length, CAIRN_MESSAGE_STRING_KEPT);
      /* hands the rest back at once (a large block shrinks in place) */
      line = g_realloc (line, MAX (kept, 1));
    }
  return message_from_raw (g_bytes_new_take (line, kept), length);
}

/**
 * cairn_message_get_original_size:
 *
 * The size of the line as the CLI printed it: more than its raw bytes when
 * cairn_message_new_take_line() shortened it.
 */
gsize
cairn_message_get_original_size (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), 0);
  return self->original_size;
}

CairnMessageKind
cairn_message_get_kind (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), CAIRN_MESSAGE_INVALID);
  return self->kind;
}

GBytes *
cairn_message_get_raw (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);
  return self->raw;
}

/**
 * cairn_message_dup_display_text:
 * @max_bytes: cut the text after this many bytes (0 for no limit)
 *
 * The raw line as valid UTF-8 for showing to a user, shortened so that a
 * 20 MB line does not end up in a label.
 */
char *
cairn_message_dup_display_text (CairnMessage *self,
                                gsize         max_bytes)
{
  gsize size;
  const char *data;
  g_autofree char *valid = NULL;
  g_autofree char *rest = NULL;
  const char *end;

  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);

  data = g_bytes_get_data (self->raw, &size);
  if (data == NULL)
    return g_strdup ("");   /* an empty line keeps no bytes */
  if (max_bytes == 0 || self->original_size <= max_bytes)
    return g_utf8_make_valid (data, size);
  max_bytes = MIN (max_bytes, size);

  valid = g_utf8_make_valid (data, max_bytes);
  /* make_valid may have cut a character in half at the end: drop it */
  if (!g_utf8_validate (valid, -1, &end))
    valid[end - valid] = '\0';
  rest = g_format_size (self->original_size - max_bytes);
  return g_strdup_printf (_("%s… (%s more)"), valid, rest);
}

JsonObject *
cairn_message_get_object (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);
  return self->root ? json_node_get_object (self->root) : NULL;
}

const char *
cairn_message_get_type_name (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);
  return cairn_json_get_string (cairn_message_get_object (self), "type");
}

const char *
cairn_message_get_subtype (CairnMessage *self)
{
  JsonObject *object;
  JsonObject *request;

  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);

  object = cairn_message_get_object (self);
  if (self->kind == CAIRN_MESSAGE_CONTROL_REQUEST)
    request = cairn_json_get_object (object, "request");
  else if (self->kind == CAIRN_MESSAGE_CONTROL_RESPONSE)
    request = cairn_json_get_object (object, "response");
  else
    request = object;
  return cairn_json_get_string (request, "subtype");
}

const char *
cairn_message_get_parse_error (CairnMessage *self)
{
  g_return_val_if_fail (CAIRN_IS_MESSAGE (self), NULL);
  return self->parse_error;
}

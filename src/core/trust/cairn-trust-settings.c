/* cairn-trust-settings.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "protocol/cairn-json-parse.h"
#include "trust/cairn-trust-settings.h"

/* The bytes of `.claude/settings.json`, `.claude/settings.local.json` and
 * `.mcp.json` into named things (docs/trust.md, "What a folder can hold").
 * Every key the CLI runs or widens from is listed; one of the wrong type
 * is listed too, as its JSON text, so that nothing is hidden by a shape
 * Cairn did not expect. */

#define MAX_DETAIL 4096

/* A value as text: a string as it is, anything else as compact JSON. */
static char *
value_text (JsonNode *node)
{
  g_autofree char *text = NULL;

  if (node == NULL)
    return g_strdup ("");
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    text = g_strdup (json_node_get_string (node));
  else
    text = cairn_json_to_string (node, FALSE);
  if (text != NULL && strlen (text) > MAX_DETAIL)
    {
      const char *end = g_utf8_find_prev_char (text, text + MAX_DETAIL);
      g_autofree char *start = g_strndup (text, end - text);

      return g_strconcat (start, "…", NULL);
    }
  return g_steal_pointer (&text);
}

static void
add_node (CairnTrustReport *report,
          CairnTrustKind    kind,
          const char       *source,
          const char       *name,
          JsonNode         *node)
{
  g_autofree char *detail = value_text (node);

  cairn_trust_report_add (report, kind, source, name, detail);
}

/* A hook, statusLine, fileSuggestion: {"type": "command", "command": "…"};
 * a hook of another type (prompt, http) as what it sends where. */
static void
read_command (CairnTrustReport *report,
              CairnTrustKind    kind,
              const char       *source,
              const char       *name,
              JsonNode         *node)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *command = object ? cairn_json_get_string (object, "command") : NULL;

  if (command != NULL)
    cairn_trust_report_add (report, kind, source, name, command);
  else
    add_node (report, kind, source, name, node);
}

/* "hooks": {event: [{matcher, hooks: [{type, command}]}]} */
static void
read_matcher (CairnTrustReport *report,
              const char       *source,
              const char       *event,
              JsonNode         *group)
{
  JsonObject *object = JSON_NODE_HOLDS_OBJECT (group) ? json_node_get_object (group) : NULL;
  JsonArray *hooks = object ? cairn_json_get_array (object, "hooks") : NULL;
  const char *matcher = object ? cairn_json_get_string (object, "matcher") : NULL;
  g_autofree char *name = NULL;

  name = matcher != NULL && *matcher != '\0' ? g_strdup_printf ("%s (%s)", event, matcher)
                                             : g_strdup (event);
  if (hooks == NULL)
    {
      add_node (report, CAIRN_TRUST_KIND_HOOK, source, name, group);
      return;
    }
  for (guint i = 0; i < json_array_get_length (hooks); i++)
    read_command (report, CAIRN_TRUST_KIND_HOOK, source, name, json_array_get_element (hooks, i));
}

static void
read_hooks (CairnTrustReport *report,
            const char       *source,
            JsonNode         *node)
{
  JsonObjectIter iter;
  const char *event;
  JsonNode *groups;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_node (report, CAIRN_TRUST_KIND_HOOK, source, "hooks", node);
      return;
    }
  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &event, &groups))
    {
      if (!JSON_NODE_HOLDS_ARRAY (groups))
        {
          add_node (report, CAIRN_TRUST_KIND_HOOK, source, event, groups);
          continue;
        }
      for (guint i = 0; i < json_array_get_length (json_node_get_array (groups)); i++)
        read_matcher (report, source, event, json_array_get_element (json_node_get_array (groups), i));
    }
}

/* Each element of an array on its own, or the whole value when it is
 * not an array. */
static void
read_list (CairnTrustReport *report,
           CairnTrustKind    kind,
           const char       *source,
           const char       *name,
           JsonNode         *node)
{
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      add_node (report, kind, source, name, node);
      return;
    }
  for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
    add_node (report, kind, source, name, json_array_get_element (json_node_get_array (node), i));
}

/* Each member of an object as "name" = value; @prefix names whose they are. */
static void
read_members (CairnTrustReport *report,
              CairnTrustKind    kind,
              const char       *source,
              const char       *prefix,
              JsonNode         *node)
{
  JsonObjectIter iter;
  const char *member;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_node (report, kind, source, prefix != NULL ? prefix : "env", node);
      return;
    }
  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &member, &value))
    {
      g_autofree char *name = kind == CAIRN_TRUST_KIND_ENV && prefix != NULL
                              ? g_strdup_printf ("%s: %s", prefix, member) : g_strdup (member);

      add_node (report, kind, source, kind == CAIRN_TRUST_KIND_ENV ? name : prefix, value);
    }
}

static void
read_permissions (CairnTrustReport *report,
                  const char       *source,
                  JsonNode         *node)
{
  static const char * const widening[] = { "allow", "ask", "additionalDirectories", NULL };
  JsonObject *object;
  JsonNode *mode;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_node (report, CAIRN_TRUST_KIND_PERMISSION, source, "permissions", node);
      return;
    }
  object = json_node_get_object (node);
  for (guint i = 0; widening[i] != NULL; i++)
    if (json_object_has_member (object, widening[i]))
      read_list (report, CAIRN_TRUST_KIND_PERMISSION, source, widening[i],
                 json_object_get_member (object, widening[i]));
  mode = json_object_get_member (object, "defaultMode");
  if (mode != NULL)
    add_node (report, CAIRN_TRUST_KIND_PERMISSION, source, "defaultMode", mode);
}

/* enabledPlugins: {"name@marketplace": true}; one set to false is off. */
static void
read_plugins (CairnTrustReport *report,
              const char       *source,
              JsonNode         *node)
{
  JsonObjectIter iter;
  const char *plugin;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      read_list (report, CAIRN_TRUST_KIND_PLUGIN, source, "enabledPlugins", node);
      return;
    }
  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &plugin, &value))
    if (!(JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_BOOLEAN &&
          !json_node_get_boolean (value)))
      cairn_trust_report_add (report, CAIRN_TRUST_KIND_PLUGIN, source, "enabledPlugins", plugin);
}

/* extraKnownMarketplaces: {"name": {"source": {…}}}: where plugins come from. */
static void
read_marketplaces (CairnTrustReport *report,
                   const char       *source,
                   JsonNode         *node)
{
  JsonObjectIter iter;
  const char *market;
  JsonNode *value;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      add_node (report, CAIRN_TRUST_KIND_PLUGIN, source, "extraKnownMarketplaces", node);
      return;
    }
  json_object_iter_init_ordered (&iter, json_node_get_object (node));
  while (json_object_iter_next_ordered (&iter, &market, &value))
    {
      g_autofree char *text = value_text (value);
      g_autofree char *detail = g_strdup_printf ("%s: %s", market, text);

      cairn_trust_report_add (report, CAIRN_TRUST_KIND_PLUGIN, source, "extraKnownMarketplaces", detail);
    }
}

/* Settings whose value is a command the CLI runs. */
static const char * const command_keys[] = {
  "apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh",
  "otelHeadersHelper", "proxyAuthHelper", NULL
};
static const char * const command_object_keys[] = {
  "statusLine", "subagentStatusLine", "fileSuggestion", NULL
};

static void
read_settings_member (CairnTrustReport *report,
                      const char       *source,
                      const char       *key,
                      JsonNode         *value)
{
  if (g_str_equal (key, "hooks"))
    read_hooks (report, source, value);
  else if (g_str_equal (key, "permissions"))
    read_permissions (report, source, value);
  else if (g_str_equal (key, "env"))
    read_members (report, CAIRN_TRUST_KIND_ENV, source, NULL, value);
  else if (g_strv_contains (command_keys, key))
    add_node (report, CAIRN_TRUST_KIND_COMMAND, source, key, value);
  else if (g_strv_contains (command_object_keys, key))
    read_command (report, CAIRN_TRUST_KIND_COMMAND, source, key, value);
  else if (g_str_equal (key, "enabledPlugins"))
    read_plugins (report, source, value);
  else if (g_str_equal (key, "extraKnownMarketplaces"))
    read_marketplaces (report, source, value);
  else if (g_str_equal (key, "enabledMcpjsonServers"))
    read_list (report, CAIRN_TRUST_KIND_MCP_SERVER, source, key, value);
  else if (g_str_equal (key, "enableAllProjectMcpServers") || g_str_equal (key, "autoMemoryDirectory"))
    add_node (report, CAIRN_TRUST_KIND_PERMISSION, source, key, value);
}

/* The file's object, or a problem entry saying why there is none. */
static JsonNode *
parse (CairnTrustReport *report,
       const char       *source,
       const char       *text,
       gsize             length)
{
  CairnJsonParseError error = CAIRN_JSON_PARSE_OK;
  JsonNode *root = cairn_json_parse_object (text, length, CAIRN_TRUST_MAX_DEPTH, &error, NULL);
  const char *why = NULL;

  switch (error)
    {
    case CAIRN_JSON_PARSE_OK: return root;
    case CAIRN_JSON_PARSE_NOT_OBJECT: why = _("It is not one JSON object."); break;
    case CAIRN_JSON_PARSE_TOO_DEEP: why = _("Its JSON is nested too deeply to be checked."); break;
    case CAIRN_JSON_PARSE_INVALID_UTF8: why = _("It is not valid UTF-8."); break;
    case CAIRN_JSON_PARSE_SYNTAX: default: why = _("It is not valid JSON."); break;
    }
  cairn_trust_report_add (report, CAIRN_TRUST_KIND_PROBLEM, source, source, why);
  return NULL;
}

void
cairn_trust_settings_read (CairnTrustReport *report,
                           const char       *source,
                           const char       *text,
                           gsize             length)
{
  g_autoptr(JsonNode) root = parse (report, source, text, length);
  JsonObjectIter iter;
  const char *key;
  JsonNode *value;

  if (root == NULL)
    return;
  json_object_iter_init_ordered (&iter, json_node_get_object (root));
  while (json_object_iter_next_ordered (&iter, &key, &value))
    read_settings_member (report, source, key, value);
}

/* An argument as a shell would need it, so that the line shown is the
 * command that runs (an argument with a space is not two). */
static void
append_word (GString    *line,
             const char *word)
{
  gboolean plain = *word != '\0' && strpbrk (word, " \t\n'\"\\$`!*?;&|<>()[]{}#~") == NULL;
  g_autofree char *quoted = plain ? NULL : g_shell_quote (word);

  if (line->len > 0)
    g_string_append_c (line, ' ');
  g_string_append (line, plain ? word : quoted);
}

/* .mcp.json: {"mcpServers": {"name": {"command", "args"} or {"url"}}} */
static void
read_server (CairnTrustReport *report,
             const char       *source,
             const char       *name,
             JsonNode         *node)
{
  JsonObject *server = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  const char *command = server ? cairn_json_get_string (server, "command") : NULL;
  const char *url = server ? cairn_json_get_string (server, "url") : NULL;
  JsonArray *args = server ? cairn_json_get_array (server, "args") : NULL;
  g_autoptr(GString) line = g_string_new (NULL);

  if (command == NULL && url == NULL)
    {
      add_node (report, CAIRN_TRUST_KIND_MCP_SERVER, source, name, node);
      return;
    }
  append_word (line, command != NULL ? command : url);
  for (guint i = 0; args != NULL && i < json_array_get_length (args); i++)
    {
      g_autofree char *arg = value_text (json_array_get_element (args, i));

      append_word (line, arg);
    }
  cairn_trust_report_add (report, CAIRN_TRUST_KIND_MCP_SERVER, source, name, line->str);
  if (json_object_has_member (server, "env"))
    read_members (report, CAIRN_TRUST_KIND_ENV, source, name, json_object_get_member (server, "env"));
  if (json_object_has_member (server, "headersHelper"))
    add_node (report, CAIRN_TRUST_KIND_COMMAND, source, name, json_object_get_member (server, "headersHelper"));
}

void
cairn_trust_mcp_read (CairnTrustReport *report,
                      const char       *source,
                      const char       *text,
                      gsize             length)
{
  g_autoptr(JsonNode) root = parse (report, source, text, length);
  JsonNode *servers;
  JsonObjectIter iter;
  const char *name;
  JsonNode *server;

  if (root == NULL)
    return;
  servers = json_object_get_member (json_node_get_object (root), "mcpServers");
  if (servers == NULL)
    return;
  if (!JSON_NODE_HOLDS_OBJECT (servers))
    {
      add_node (report, CAIRN_TRUST_KIND_MCP_SERVER, source, "mcpServers", servers);
      return;
    }
  json_object_iter_init_ordered (&iter, json_node_get_object (servers));
  while (json_object_iter_next_ordered (&iter, &name, &server))
    read_server (report, source, name, server);
}

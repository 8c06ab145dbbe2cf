/* cairn-search-hit.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "search/cairn-search-hit.h"

/* One place a search found its words: the conversation, a snippet of the
 * text around the match (byte offsets into it), and the line it is on. */

struct _CairnSearchHit
{
  GObject  parent_instance;

  GFile   *file;
  char    *session_id;
  char    *snippet;
  guint    match_start;
  guint    match_length;
  gint64   line_offset;
};

G_DEFINE_FINAL_TYPE (CairnSearchHit, cairn_search_hit, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_SESSION_ID,
  PROP_SNIPPET,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_search_hit_finalize (GObject *object)
{
  CairnSearchHit *self = (CairnSearchHit *)object;

  g_clear_object (&self->file);
  g_clear_pointer (&self->session_id, g_free);
  g_clear_pointer (&self->snippet, g_free);

  G_OBJECT_CLASS (cairn_search_hit_parent_class)->finalize (object);
}

static void
cairn_search_hit_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CairnSearchHit *self = CAIRN_SEARCH_HIT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_SESSION_ID:
      g_value_set_string (value, self->session_id);
      break;

    case PROP_SNIPPET:
      g_value_set_string (value, self->snippet);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_search_hit_class_init (CairnSearchHitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_search_hit_finalize;
  object_class->get_property = cairn_search_hit_get_property;

  properties [PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_SESSION_ID] =
    g_param_spec_string ("session-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_SNIPPET] =
    g_param_spec_string ("snippet", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_search_hit_init (CairnSearchHit *self)
{
}

CairnSearchHit *
cairn_search_hit_new (GFile      *file,
                      const char *session_id,
                      const char *snippet,
                      guint       match_start,
                      guint       match_length,
                      gint64      line_offset)
{
  CairnSearchHit *self = g_object_new (CAIRN_TYPE_SEARCH_HIT, NULL);

  self->file = g_object_ref (file);
  self->session_id = g_strdup (session_id);
  self->snippet = g_strdup (snippet);
  self->match_start = match_start;
  self->match_length = match_length;
  self->line_offset = line_offset;
  return self;
}

GFile *
cairn_search_hit_get_file (CairnSearchHit *self)
{
  return self->file;
}

const char *
cairn_search_hit_get_session_id (CairnSearchHit *self)
{
  return self->session_id;
}

const char *
cairn_search_hit_get_snippet (CairnSearchHit *self)
{
  return self->snippet;
}

guint
cairn_search_hit_get_match_start (CairnSearchHit *self)
{
  return self->match_start;
}

guint
cairn_search_hit_get_match_length (CairnSearchHit *self)
{
  return self->match_length;
}

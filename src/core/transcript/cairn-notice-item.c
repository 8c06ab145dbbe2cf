/* cairn-notice-item.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-notice-item"

#include "config.h"

#include "cairn-enums.h"
#include "transcript/cairn-notice-item.h"

/* A quiet line in the conversation (kind NOTICE: an error, an exit, an
 * interruption) or something Cairn doesn't render yet but keeps visible
 * (kind RAW: the title says what it is, the body is the CLI's raw JSON). */
struct _CairnNoticeItem
{
  CairnItem            parent_instance;
  CairnNoticeSeverity  severity;
  char                *title;
  char                *body;
  /* a button on the row: its label and the action it activates */
  char                *action_label;
  char                *action_name;
};

G_DEFINE_FINAL_TYPE (CairnNoticeItem, cairn_notice_item, CAIRN_TYPE_ITEM)

enum {
  PROP_0,
  PROP_SEVERITY,
  PROP_TITLE,
  PROP_BODY,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

static void
cairn_notice_item_finalize (GObject *object)
{
  CairnNoticeItem *self = (CairnNoticeItem *)object;

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->body, g_free);
  g_clear_pointer (&self->action_label, g_free);
  g_clear_pointer (&self->action_name, g_free);

  G_OBJECT_CLASS (cairn_notice_item_parent_class)->finalize (object);
}

static void
cairn_notice_item_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CairnNoticeItem *self = CAIRN_NOTICE_ITEM (object);

  switch (prop_id)
    {
    case PROP_SEVERITY:
      g_value_set_enum (value, self->severity);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_BODY:
      g_value_set_string (value, self->body);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_notice_item_class_init (CairnNoticeItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cairn_notice_item_finalize;
  object_class->get_property = cairn_notice_item_get_property;

  properties [PROP_SEVERITY] =
    g_param_spec_enum ("severity", NULL, NULL,
                       CAIRN_TYPE_NOTICE_SEVERITY, CAIRN_NOTICE_INFO,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_BODY] =
    g_param_spec_string ("body", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cairn_notice_item_init (CairnNoticeItem *self)
{
}

static CairnNoticeItem *
notice_new (CairnItemKind        kind,
            CairnNoticeSeverity  severity,
            const char          *title,
            const char          *body)
{
  CairnNoticeItem *self = g_object_new (CAIRN_TYPE_NOTICE_ITEM, "kind", kind, NULL);

  self->severity = severity;
  self->title = g_strdup (title);
  self->body = g_strdup (body);
  return self;
}

CairnNoticeItem *
cairn_notice_item_new (CairnNoticeSeverity  severity,
                       const char          *title,
                       const char          *body)
{
  return notice_new (CAIRN_ITEM_KIND_NOTICE, severity, title, body);
}

CairnNoticeItem *
cairn_notice_item_new_raw (CairnNoticeSeverity  severity,
                           const char          *title,
                           const char          *raw_text)
{
  return notice_new (CAIRN_ITEM_KIND_RAW, severity, title, raw_text);
}

CairnNoticeSeverity
cairn_notice_item_get_severity (CairnNoticeItem *self)
{
  g_return_val_if_fail (CAIRN_IS_NOTICE_ITEM (self), CAIRN_NOTICE_INFO);
  return self->severity;
}

const char *
cairn_notice_item_get_title (CairnNoticeItem *self)
{
  g_return_val_if_fail (CAIRN_IS_NOTICE_ITEM (self), NULL);
  return self->title;
}

const char *
cairn_notice_item_get_body (CairnNoticeItem *self)
{
  g_return_val_if_fail (CAIRN_IS_NOTICE_ITEM (self), NULL);
  return self->body;
}

/**
 * cairn_notice_item_set_action:
 * @label: the button's label
 * @action_name: what it activates, such as "win.show-mcp"
 *
 * Gives the notice's row a button that leads to where it can be dealt
 * with. Set before the item is shown.
 */
void
cairn_notice_item_set_action (CairnNoticeItem *self,
                              const char      *label,
                              const char      *action_name)
{
  g_return_if_fail (CAIRN_IS_NOTICE_ITEM (self));

  g_free (self->action_label);
  g_free (self->action_name);
  self->action_label = g_strdup (label);
  self->action_name = g_strdup (action_name);
}

const char *
cairn_notice_item_get_action_label (CairnNoticeItem *self)
{
  g_return_val_if_fail (CAIRN_IS_NOTICE_ITEM (self), NULL);
  return self->action_label;
}

const char *
cairn_notice_item_get_action_name (CairnNoticeItem *self)
{
  g_return_val_if_fail (CAIRN_IS_NOTICE_ITEM (self), NULL);
  return self->action_name;
}

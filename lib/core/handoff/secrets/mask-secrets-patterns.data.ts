/**
 * Vendor credential shapes: a prefix the vendor documents plus the length and alphabet of the rest.
 * Data only; `mask-secrets-detectors.ts` applies it.
 *
 * Every regex is global and starts with a lookbehind that refuses to start inside a run of its own
 * characters, so each maximal run is tried once and matching stays linear on hostile input; exact
 * lengths and shapes are checked after the match (`length`, `minLength`, `shape`), not with bounded
 * quantifiers. When two shapes match the same span, the earlier entry wins (more specific first).
 */
export interface TokenPattern {
  /** The type shown in the mask (`[secret:<type> …last4]`) and the finding. */
  type: string;
  /** Literal text every match contains: the regex runs only on a text that holds one (most hold none). */
  anchors: readonly string[];
  regex: RegExp;
  length?: number;
  minLength?: number;
  /** The token must match this after the regex found it (anchor it for a whole-token shape). */
  shape?: RegExp;
  /** The part from this index on must mix digits and letters (random tokens do; words and names do not). */
  mixedFrom?: number;
  /** The part after the last `_` must look random (at least 16 characters, high entropy): generic prefixed keys. */
  randomTail?: boolean;
  /** Tokens matching this are a different (listed earlier) or a public kind. */
  exclude?: RegExp;
  /** Characters at the start that stay visible because they are not the secret (a webhook's host). */
  visiblePrefix?: number;
}

export const TOKEN_PATTERNS: readonly TokenPattern[] = [
  { type: "aws-access-key", anchors: ["AKIA", "ASIA", "ABIA", "ACCA"], regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Za-z0-9]+/g, length: 20, shape: /^[A-Z0-9]+$/ },
  { type: "github-token", anchors: ["gh", "github_pat_"], regex: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]+|github_pat_[A-Za-z0-9_]+)/g, minLength: 40, mixedFrom: 4 },
  { type: "anthropic-key", anchors: ["sk-ant-"], regex: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]+/g, minLength: 40 },
  { type: "openrouter-key", anchors: ["sk-or-v1-"], regex: /(?<![A-Za-z0-9_-])sk-or-v1-[A-Za-z0-9]+/g, minLength: 40, mixedFrom: 9 },
  { type: "langfuse-key", anchors: ["sk-lf-"], regex: /(?<![A-Za-z0-9_-])sk-lf-[A-Za-z0-9-]+/g, minLength: 30, mixedFrom: 6 },
  { type: "openai-key", anchors: ["sk-"], regex: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]+/g, minLength: 32, mixedFrom: 3, exclude: /^sk-(?:ant|or-v1|lf)-/ },
  { type: "stripe-key", anchors: ["_live_", "_test_", "whsec_"], regex: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+|(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]+/g, minLength: 24, mixedFrom: 0 },
  { type: "google-api-key", anchors: ["AIza"], regex: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]+/g, length: 39 },
  { type: "google-oauth-secret", anchors: ["GOCSPX-"], regex: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]+/g, minLength: 35 },
  { type: "google-oauth-token", anchors: ["ya29."], regex: /(?<![A-Za-z0-9_.-])ya29\.[A-Za-z0-9_-]+/g, minLength: 40, mixedFrom: 5 },
  { type: "slack-token", anchors: ["xox", "xapp-"], regex: /(?<![A-Za-z0-9_-])(?:xox[abposer]|xapp)-[A-Za-z0-9-]+/g, minLength: 20, shape: /\d/ },
  {
    type: "slack-webhook",
    anchors: ["hooks.slack.com/services/"],
    regex: /(?<![A-Za-z0-9_/])hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g,
    minLength: "hooks.slack.com/services/".length + 20,
    visiblePrefix: "hooks.slack.com/services/".length,
  },
  { type: "npm-token", anchors: ["npm_"], regex: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]+/g, length: 40 },
  { type: "gitlab-token", anchors: ["gl"], regex: /(?<![A-Za-z0-9_-])gl(?:pat|dt|ptt|rt|oas|cbt|soat|ft|imt|agent)-[A-Za-z0-9_-]+/g, minLength: 25 },
  { type: "huggingface-token", anchors: ["hf_"], regex: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]+/g, minLength: 37, mixedFrom: 0 },
  { type: "sendgrid-key", anchors: ["SG."], regex: /(?<![A-Za-z0-9_.-])SG\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, shape: /^SG\.[\w-]{22}\.[\w-]{43}$/ },
  { type: "mailgun-key", anchors: ["key-"], regex: /(?<![A-Za-z0-9_-])key-[0-9a-f]+/g, length: 36, mixedFrom: 4 },
  { type: "mailchimp-key", anchors: ["-us"], regex: /(?<![A-Za-z0-9])[0-9a-f]+-us\d+/g, shape: /^[0-9a-f]{32}-us\d{1,2}$/ },
  { type: "digitalocean-token", anchors: ["_v1_"], regex: /(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]+/g, length: 71 },
  { type: "shopify-token", anchors: ["shp"], regex: /(?<![A-Za-z0-9_])shp(?:at|ss|ca|pa)_[a-fA-F0-9]+/g, length: 38 },
  { type: "atlassian-token", anchors: ["ATATT"], regex: /(?<![A-Za-z0-9_-])ATATT[A-Za-z0-9_=-]+/g, minLength: 60, mixedFrom: 5 },
  { type: "linear-key", anchors: ["lin_"], regex: /(?<![A-Za-z0-9_])lin_(?:api|oauth)_[A-Za-z0-9]+/g, minLength: 48, mixedFrom: 8 },
  { type: "notion-token", anchors: ["secret_", "ntn_"], regex: /(?<![A-Za-z0-9_])(?:secret_[A-Za-z0-9]+|ntn_[A-Za-z0-9]+)/g, shape: /^(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,})$/, mixedFrom: 4 },
  { type: "supabase-key", anchors: ["sbp_", "sb_secret_"], regex: /(?<![A-Za-z0-9_])(?:sbp_[a-f0-9]+|sb_secret_[A-Za-z0-9_-]+)/g, minLength: 30, mixedFrom: 4 },
  { type: "pypi-token", anchors: ["pypi-AgE"], regex: /(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]+/g, minLength: 60 },
  { type: "docker-token", anchors: ["dckr_pat_"], regex: /(?<![A-Za-z0-9_])dckr_pat_[A-Za-z0-9_-]+/g, minLength: 30, mixedFrom: 9 },
  { type: "groq-key", anchors: ["gsk_"], regex: /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]+/g, minLength: 50, mixedFrom: 4 },
  { type: "xai-key", anchors: ["xai-"], regex: /(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]+/g, minLength: 60, mixedFrom: 4 },
  { type: "replicate-token", anchors: ["r8_"], regex: /(?<![A-Za-z0-9_])r8_[A-Za-z0-9]+/g, length: 40, mixedFrom: 3 },
  { type: "perplexity-key", anchors: ["pplx-"], regex: /(?<![A-Za-z0-9_-])pplx-[A-Za-z0-9]+/g, minLength: 45, mixedFrom: 5 },
  { type: "sentry-token", anchors: ["sntry"], regex: /(?<![A-Za-z0-9_])sntry[su]_[A-Za-z0-9+/=_-]+/g, minLength: 40, mixedFrom: 7 },
  { type: "postman-key", anchors: ["PMAK-"], regex: /(?<![A-Za-z0-9_-])PMAK-[a-f0-9]+-[a-f0-9]+/g, length: 64 },
  { type: "telegram-bot-token", anchors: [":AA"], regex: /(?<![A-Za-z0-9_:])\d+:AA[A-Za-z0-9_-]+/g, shape: /^\d{8,10}:AA[A-Za-z0-9_-]{33}$/ },
  { type: "age-secret-key", anchors: ["AGE-SECRET-KEY-1"], regex: /(?<![A-Za-z0-9-])AGE-SECRET-KEY-1[0-9A-Z]+/g, minLength: 70 },
  { type: "databricks-token", anchors: ["dapi"], regex: /(?<![A-Za-z0-9_])dapi[a-f0-9]+/g, length: 36, mixedFrom: 4 },
  { type: "grafana-token", anchors: ["glsa_", "glc_"], regex: /(?<![A-Za-z0-9_])(?:glsa_[A-Za-z0-9_]+|glc_[A-Za-z0-9+/=_-]+)/g, minLength: 36, mixedFrom: 4 },
  { type: "newrelic-key", anchors: ["NRAK-"], regex: /(?<![A-Za-z0-9_-])NRAK-[A-Z0-9]+/g, length: 32, mixedFrom: 5 },
  { type: "tailscale-key", anchors: ["tskey-"], regex: /(?<![A-Za-z0-9_-])tskey-(?:api|auth|client|webhook|scim)-[A-Za-z0-9-]+/g, minLength: 40, mixedFrom: 10 },
  { type: "terraform-token", anchors: [".atlasv1."], regex: /(?<![A-Za-z0-9])[A-Za-z0-9]+\.atlasv1\.[A-Za-z0-9_-]+/g, shape: /^[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_-]{60,}$/ },
  { type: "heroku-key", anchors: ["HRKU-"], regex: /(?<![A-Za-z0-9_-])HRKU-[A-Za-z0-9_-]+/g, minLength: 60 },
  { type: "1password-token", anchors: ["ops_eyJ"], regex: /(?<![A-Za-z0-9_])ops_eyJ[A-Za-z0-9+/=_-]+/g, minLength: 50 },
  { type: "doppler-token", anchors: ["dp."], regex: /(?<![A-Za-z0-9_.])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]+/g, minLength: 44, mixedFrom: 6 },
  { type: "vault-token", anchors: ["hvs.", "hvb."], regex: /(?<![A-Za-z0-9_.])hv[sb]\.[A-Za-z0-9_-]+/g, minLength: 28, mixedFrom: 4 },
  { type: "square-token", anchors: ["sq0"], regex: /(?<![A-Za-z0-9_-])sq0(?:atp|csp)-[A-Za-z0-9_-]+/g, minLength: 29 },
  { type: "planetscale-token", anchors: ["pscale_"], regex: /(?<![A-Za-z0-9_])pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]+/g, minLength: 40, mixedFrom: 11 },
  { type: "langsmith-key", anchors: ["lsv2_"], regex: /(?<![A-Za-z0-9_])lsv2_(?:pt|sk)_[a-f0-9_]+/g, minLength: 50 },
  { type: "resend-key", anchors: ["re_"], regex: /(?<![A-Za-z0-9_])re_[A-Za-z0-9]+_[A-Za-z0-9]+/g, shape: /^re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}$/, mixedFrom: 3 },
  {
    type: "jwt",
    anchors: ["eyJ"],
    regex: /(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g,
    minLength: 40,
    shape: /^[^.]+\.[^.]+\.[A-Za-z0-9_-]{16,}$/,
  },
  /**
   * Project keys shaped `<word>_<environment or kind>_<random>` (`aw_live_<32 hex>`, `acme_prod_…`,
   * `app_sk_…`): the shape vendors copy from Stripe. Last, so a vendor entry above names the type.
   * Stripe's publishable keys (`pk_live_`, `pk_test_`) are public by design and left alone.
   */
  {
    type: "api-key",
    anchors: ["_live_", "_test_", "_prod_", "_sk_", "_pk_"],
    regex: /(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9]*_(?:live|test|prod|sk|pk)_[A-Za-z0-9]+/g,
    randomTail: true,
    exclude: /^pk_(?:live|test)_/,
  },
];

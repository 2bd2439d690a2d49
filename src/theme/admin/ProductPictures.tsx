import { Form } from "react-router";
import { PICTURE_ALT_MAX, PICTURE_KINDS_TEXT, PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS, PICTURES_PER_UPLOAD, type AdminPicture } from "../../core/catalog/product-pictures.ts";
import { AccountField } from "../accounts/AccountField.tsx";
import { FieldFrame } from "../accounts/FieldFrame.tsx";
import { ProductImage } from "../ui/ProductImage.tsx";
import type { AdminProblem } from "./answer.ts";

/** What the page's action is asked to do with a picture form. */
export const UPLOAD_PICTURES = "upload-pictures";
export const CHANGE_PICTURE = "change-picture";

const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif";

const weight = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

interface VariantChoice {
  id: number;
  title: string;
}

/** The field labels the page's error summary names picture problems by. */
export function pictureLabels(pictures: readonly AdminPicture[]): Record<string, string> {
  const labels: Record<string, string> = { picture_files: "Pictures to upload", picture_alt: "Description of the pictures", picture_variant: "Variant of the pictures" };
  pictures.forEach((picture, index) => {
    labels[`picture_${picture.id}_alt`] = `Description of picture ${index + 1}`;
    labels[`picture_${picture.id}_variant`] = `Variant of picture ${index + 1}`;
  });
  return labels;
}

/**
 * The product's uploaded pictures in order (the first is the main one), each
 * with its description, variant and plain buttons to move, promote or remove
 * it, then the upload form. Every form works without JavaScript.
 */
export function ProductPictures({ pictures, variants, version, problem }: { pictures: AdminPicture[]; variants: VariantChoice[]; version: string; problem: AdminProblem | null }) {
  return (
    <section className="admin-pictures" id="pictures" aria-labelledby="pictures-title">
      <h2 className="admin-stock__subtitle" id="pictures-title">
        Pictures
      </h2>
      <p className="admin-stock__help">
        {pictures.length
          ? "The first picture is the main one: product cards, the cart and search show it. The product page shows them all, in this order."
          : "No pictures uploaded yet: the shop shows the product's drawn picture until you upload one."}
      </p>
      {pictures.length ? (
        <ol className="admin-pictures__list">
          {pictures.map((picture, index) => (
            <li className="admin-pictures__item" key={picture.id}>
              <ProductImage className="admin-pictures__image" src={picture.src} alt={picture.alt} width={picture.width} height={picture.height} sizes="120px" />
              <Form method="post" className="admin-pictures__form" aria-labelledby={`picture-${picture.id}-title`} key={version}>
                <input type="hidden" name="intent" value={CHANGE_PICTURE} />
                <input type="hidden" name="picture" value={picture.id} />
                <input type="hidden" name="version" value={version} />
                <h3 className="admin-pictures__title" id={`picture-${picture.id}-title`}>
                  {index === 0 ? `Picture 1, the main picture` : `Picture ${index + 1}`}
                  <span className="admin-pictures__facts">
                    {picture.width} × {picture.height} pixels, {picture.format.toUpperCase()}, {weight(picture.byteSize)}
                  </span>
                </h3>
                <AccountField
                  name={`picture_${picture.id}_alt`}
                  field={`picture_${picture.id}_alt`}
                  label="Description (alt text)"
                  problem={problem}
                  autoComplete="off"
                  defaultValue={picture.alt}
                  maxLength={PICTURE_ALT_MAX}
                />
                {variants.length > 1 ? <VariantSelect name={`picture_${picture.id}_variant`} variants={variants} problem={problem} value={problem?.values[`picture_${picture.id}_variant`] ?? String(picture.variantId ?? "")} /> : null}
                <div className="admin-pictures__buttons">
                  <button className="admin-button" type="submit" name="change" value="save">
                    Save<span className="visually-hidden"> picture {index + 1}</span>
                  </button>
                  {index > 0 ? (
                    <button className="admin-button admin-button--quiet" type="submit" name="change" value="main">
                      Make main picture<span className="visually-hidden"> (picture {index + 1})</span>
                    </button>
                  ) : null}
                  {index > 0 ? (
                    <button className="admin-button admin-button--quiet" type="submit" name="change" value="up">
                      Move up<span className="visually-hidden"> picture {index + 1}</span>
                    </button>
                  ) : null}
                  {index < pictures.length - 1 ? (
                    <button className="admin-button admin-button--quiet" type="submit" name="change" value="down">
                      Move down<span className="visually-hidden"> picture {index + 1}</span>
                    </button>
                  ) : null}
                  <button className="admin-button admin-button--danger" type="submit" name="change" value="remove">
                    Remove<span className="visually-hidden"> picture {index + 1}</span>
                  </button>
                </div>
              </Form>
            </li>
          ))}
        </ol>
      ) : null}

      {/* A document post: a refusal for too large a body is the server's own page, which a script's request could not show. */}
      <Form method="post" encType="multipart/form-data" reloadDocument className="admin-pictures__upload" aria-labelledby="pictures-upload-title">
        <input type="hidden" name="intent" value={UPLOAD_PICTURES} />
        <h3 className="admin-pictures__title" id="pictures-upload-title">
          Upload pictures
        </h3>
        <FieldFrame
          field="picture_files"
          label="Pictures"
          hint={`${PICTURE_KINDS_TEXT}, up to ${PICTURE_MAX_BYTES / (1024 * 1024)} MB and ${PICTURE_MAX_PIXELS / 1_000_000} megapixels each, ${PICTURES_PER_UPLOAD} at a time. They join the end of the list.`}
          problem={problem}
        >
          {(control) => <input className="field__input admin-pictures__file" {...control} name="pictures" type="file" accept={ACCEPTED_TYPES} multiple required />}
        </FieldFrame>
        <AccountField
          name="picture_alt"
          field="picture_alt"
          label="Description (alt text)"
          hint="What the picture shows, for people who cannot see it, such as “Bottle of rose face oil beside its box”. Several pictures uploaded together share it: change each afterwards."
          problem={problem}
          autoComplete="off"
          maxLength={PICTURE_ALT_MAX}
        />
        {variants.length > 1 ? <VariantSelect name="picture_variant" variants={variants} problem={problem} value={problem?.values.picture_variant ?? ""} /> : null}
        <p>
          <button className="admin-button" type="submit">
            Upload
          </button>
        </p>
      </Form>
    </section>
  );
}

/** Which variant a picture shows: the shop shows it when that variant is chosen. */
function VariantSelect({ name, variants, problem, value }: { name: string; variants: VariantChoice[]; problem: AdminProblem | null; value: string }) {
  return (
    <FieldFrame field={name} label="Variant" required={false} hint="Shown when a shopper chooses this variant." problem={problem}>
      {(control) => (
        <select className="field__input" {...control} name={name} defaultValue={value}>
          <option value="">Every variant</option>
          {variants.map((variant) => (
            <option key={variant.id} value={variant.id}>
              {variant.title}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

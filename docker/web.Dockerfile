# Web image: the React Router server build served by apps/web/server.mjs (security headers, cross-site check).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/package.json
# npm ci rejects this lock (other platforms' optional binaries missing, see .ci/run); npm install keeps its versions.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npx nx run web:build --skip-nx-cache

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force
COPY --from=build /app/apps/web/build ./apps/web/build
COPY --from=build /app/apps/web/public ./apps/web/public
COPY apps/web/server.mjs apps/web/react-router-build.mjs ./apps/web/
USER node
EXPOSE 3000
# server.mjs finds build/ relative to its working directory.
WORKDIR /app/apps/web
CMD ["node", "server.mjs"]
